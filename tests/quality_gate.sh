#!/usr/bin/env bash
# Quality gate: evaluates the methods hybrid and dom on the development
# corpora (../shared/corpus, or $SB_CORPUS_DIR) and fails when a figure falls
# below its floor in tests/quality_floors.txt by more than 0.002.  Pages whose
# score dropped since tests/quality_baseline/CORPUS.tsv (when present) are
# listed, and so are the worst pages of each method.
#
#   bash tests/quality_gate.sh build/storybox
#   SB_QUALITY_UPDATE=1 bash tests/quality_gate.sh build/storybox
#       also rewrites the per-page baselines and prints the measured figures
#       in the floors format.
# Exit 77 (skipped) when the corpora are absent.
set -u

SB=${1:?usage: quality_gate.sh /path/to/storybox}
CORPUS_DIR=${SB_CORPUS_DIR:-../shared/corpus}
FLOORS=tests/quality_floors.txt
BASELINE_DIR=tests/quality_baseline
TOLERANCE=0.002
PAGE_DROP=0.05 # a page is reported as worse when its score fell by more
CORPORA="readability trafilatura"
METHODS=hybrid,dom

for c in $CORPORA; do
    if [ ! -d "$CORPUS_DIR/$c" ]; then
        echo "quality_gate: corpus '$CORPUS_DIR/$c' not found (set SB_CORPUS_DIR); skipping"
        exit 77
    fi
done
if [ ! -x "$SB" ]; then
    echo "quality_gate: '$SB' is not an executable"
    exit 1
fi
if [ ! -f "$FLOORS" ]; then
    echo "quality_gate: $FLOORS not found (run from the repository root)"
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

for c in $CORPORA; do
    echo "== $c"
    if ! "$SB" eval "$CORPUS_DIR/$c" --methods "$METHODS" --jobs 2 --worst 5 \
            --figures "$tmp/$c.fig" --pages-tsv "$tmp/$c.pages"; then
        echo "quality_gate: storybox eval failed on $c"
        status=1
        continue
    fi
    cat "$tmp/$c.fig" >> "$tmp/all.fig"

    base="$BASELINE_DIR/$c.tsv"
    if [ -f "$base" ]; then
        awk -F'\t' -v drop="$PAGE_DROP" -v corpus="$c" '
            NR == FNR { old[$1 "\t" $2] = $3; next }
            ($1 "\t" $2) in old && $3 + drop < old[$1 "\t" $2] {
                printf "  worse: %s %s %s %.3f -> %.3f\n", corpus, $1, $2, old[$1 "\t" $2], $3
                n++
            }
            END { if (n) printf "  %d page(s) of %s scored lower than the baseline\n", n, corpus }
        ' "$base" "$tmp/$c.pages"
    fi
    if [ "${SB_QUALITY_UPDATE:-0}" = 1 ]; then
        mkdir -p "$BASELINE_DIR"
        cp "$tmp/$c.pages" "$base"
    fi
done

if [ -f "$tmp/all.fig" ]; then
    awk -v tol="$TOLERANCE" '
        NR == FNR { fig[$1 " " $2 " " $3] = $4; next }
        /^[ \t]*(#|$)/ { next }
        {
            key = $1 " " $2 " " $3
            if (!(key in fig)) {
                printf "FAIL %s: no such figure (floor %s)\n", key, $4
                bad++
            } else if (fig[key] + tol < $4) {
                printf "FAIL %s = %.4f, floor %s\n", key, fig[key], $4
                bad++
            }
            checked++
        }
        END {
            printf "quality_gate: %d floors checked, %d below\n", checked, bad
            exit bad ? 1 : 0
        }
    ' FS='\t' "$tmp/all.fig" FS=' ' "$FLOORS" || status=1
    if [ "${SB_QUALITY_UPDATE:-0}" = 1 ]; then
        echo "measured figures (floors format):"
        awk -F'\t' '{ printf "%s %s %s %.3f\n", $1, $2, $3, $4 }' "$tmp/all.fig"
    fi
fi
exit $status
