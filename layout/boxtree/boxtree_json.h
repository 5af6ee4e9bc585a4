/* boxtree_json: the box tree as JSON, for `storybox boxes` and debugging.
 *
 * {"width":W,"height":H,
 *  "boxes":[{"i":0,"id":ELEM,"tag":"div","x":..,"y":..,"w":..,"h":..,
 *            "text":N,"links":N,"own":N,"font_size":N,"font_weight":N,
 *            "image":false,"inline":false,"fixed":false,"parent":-1,
 *            "depth":0,"attr_id":"...","class":"..."},...],
 *  "runs":[{"box":B,"x":..,"y":..,"w":..,"h":..,"chars":N,"link":false},...]}
 * "id" is the sb_doc element id (-1 for anonymous boxes); "attr_id" and
 * "class" are the element's id/class attributes, present only when set. */
#ifndef SB_BOXTREE_JSON_H
#define SB_BOXTREE_JSON_H

#include "layout/boxtree/boxtree.h"

/* Returns a malloc'd JSON document; doc may be NULL (no attributes). */
char *sb_boxtree_to_json(const sb_boxtree *t, const sb_doc *doc);

#endif
