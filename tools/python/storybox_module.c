/* storybox_module: the Python module `storybox`, a CPython extension over
 * the public API of libstorybox (include/storybox.h) and nothing else.
 *
 *     import storybox
 *     rec = storybox.extract(html, url=None, method="hybrid", **params)
 *     for rec in storybox.extract_warc("crawl.warc.gz"): ...   (constant memory)
 *     storybox.ExtractionError, storybox.__version__
 *
 * A record is the dict of the JSON record `storybox extract` prints: the
 * library's own JSON (sb_story_to_json) read by Python's json module, so
 * the field names and values cannot drift from the command's.  The GIL is
 * released while a page is extracted: the library keeps no global mutable
 * state, so Python threads extract pages in parallel. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "hybrid/input/warc.h"
#include "hybrid/input/warc_css.h"
#include "storybox.h"

/* storybox.ExtractionError, and json.loads (both set at import). */
static PyObject *extraction_error;
static PyObject *json_loads;

/* Joins keyword arguments into the library's "key=value,key=value" method
 * parameter string.  Values are str, int, float or bool (True is "1");
 * a key or value holding ',' or '=' could not be told apart from the next
 * parameter, so it is refused.  Returns a new bytes object, or NULL with
 * an exception set. */
static PyObject *params_string(PyObject *kwargs)
{
    PyObject *parts = PyList_New(0);
    if (!parts)
        return NULL;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
        PyObject *text;
        if (PyBool_Check(value))
            text = PyUnicode_FromString(value == Py_True ? "1" : "0");
        else if (PyUnicode_Check(value) || PyLong_Check(value) || PyFloat_Check(value))
            text = PyObject_Str(value);
        else {
            PyErr_Format(PyExc_TypeError,
                         "storybox.extract: parameter %S must be str, int, float or bool, not %s",
                         key, Py_TYPE(value)->tp_name);
            goto fail;
        }
        if (!text)
            goto fail;
        PyObject *part = PyUnicode_FromFormat("%U=%U", key, text);
        Py_DECREF(text);
        if (!part)
            goto fail;
        if (PyUnicode_FindChar(part, ',', 0, PyUnicode_GetLength(part), 1) >= 0 ||
            PyUnicode_FindChar(part, '=', 0, PyUnicode_GetLength(part), 1) !=
                PyUnicode_GetLength(key)) {
            PyErr_Format(PyExc_ValueError,
                         "storybox.extract: parameter %R: names and values may not contain ',' "
                         "or '='",
                         part);
            Py_DECREF(part);
            goto fail;
        }
        int appended = PyList_Append(parts, part);
        Py_DECREF(part);
        if (appended < 0)
            goto fail;
    }
    PyObject *comma = PyUnicode_FromString(",");
    if (!comma)
        goto fail;
    PyObject *joined = PyUnicode_Join(comma, parts);
    Py_DECREF(comma);
    Py_DECREF(parts);
    if (!joined)
        return NULL;
    PyObject *bytes = PyUnicode_AsUTF8String(joined);
    Py_DECREF(joined);
    return bytes;
fail:
    Py_DECREF(parts);
    return NULL;
}

/* The page's bytes as the library should read them.  bytes and other
 * buffers are the page as saved (the library finds the charset); a str is
 * text already decoded, so it goes in as UTF-8 behind a byte-order mark,
 * which outranks any <meta charset> the page declares (WHATWG encoding
 * sniffing) and keeps a page that says windows-1252 from being misread. */
typedef struct page_input {
    Py_buffer view; /* held for bytes-like input: locks a bytearray's size */
    bool have_view;
    char *copy; /* BOM + UTF-8 for str input */
    const void *data;
    size_t len;
} page_input;

static int page_input_get(PyObject *html, page_input *in)
{
    memset(in, 0, sizeof *in);
    if (PyUnicode_Check(html)) {
        Py_ssize_t n;
        const char *utf8 = PyUnicode_AsUTF8AndSize(html, &n);
        if (!utf8)
            return -1;
        in->copy = malloc((size_t)n + 3);
        if (!in->copy) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(in->copy, "\xEF\xBB\xBF", 3);
        memcpy(in->copy + 3, utf8, (size_t)n);
        in->data = in->copy;
        in->len = (size_t)n + 3;
        return 0;
    }
    if (PyObject_CheckBuffer(html)) {
        if (PyObject_GetBuffer(html, &in->view, PyBUF_SIMPLE) < 0)
            return -1;
        in->have_view = true;
        in->data = in->view.buf;
        in->len = (size_t)in->view.len;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "storybox.extract: html must be str or bytes, not %s",
                 Py_TYPE(html)->tp_name);
    return -1;
}

static void page_input_release(page_input *in)
{
    if (in->have_view)
        PyBuffer_Release(&in->view);
    free(in->copy);
}

/* The record as a dict; a record with `error` raises ExtractionError
 * instead, with the error text as its message and the record (a dict) as
 * its `record` attribute. */
static PyObject *record_result(sb_story *s)
{
    char *json = sb_story_to_json(s, false);
    PyObject *dict = json ? PyObject_CallFunction(json_loads, "s", json) : NULL;
    free(json);
    if (!dict) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return NULL;
    }
    if (!s->error)
        return dict;
    PyObject *exc = PyObject_CallFunction(extraction_error, "s", s->error);
    if (exc) {
        if (PyObject_SetAttrString(exc, "record", dict) == 0)
            PyErr_SetObject(extraction_error, exc);
        Py_DECREF(exc);
    }
    Py_DECREF(dict);
    return NULL;
}

PyDoc_STRVAR(extract_doc,
             "extract(html, url=None, method=\"hybrid\", format=None, links=False,\n"
             "        **params) -> dict\n"
             "\n"
             "Extracts the news story of one saved web page.\n"
             "\n"
             "html    the page: bytes as saved (the charset is found as `storybox\n"
             "        extract` finds it) or str (already decoded text).\n"
             "url     the page's address, for resolving relative URLs.\n"
             "method  a registered method (`storybox methods`): hybrid, dom, ...\n"
             "format  \"markdown\" or \"html\": the dict also holds the story as that\n"
             "        document under the key \"markdown\" or \"html\" (as `storybox\n"
             "        extract --format F`); links=True keeps its hyperlinks.\n"
             "params  method parameters, as `storybox extract --param K=V`, e.g.\n"
             "        similarity=\"sentences\"; values are str, int, float or bool.\n"
             "\n"
             "Returns the record as a dict with the fields of the JSON record of\n"
             "`storybox extract` (source, url, title, byline, published, modified,\n"
             "site_name, language, description, standfirst, text, lead_image, method, region,\n"
             "error).  Raises storybox.ExtractionError when the page could not be\n"
             "extracted.  Releases the GIL while it works, so threads run in parallel.");

static PyObject *py_extract(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    /* The named arguments are taken out of kwargs first; what is left are
     * the method parameters. */
    PyObject *html = NULL, *url = Py_None, *method = NULL, *format = NULL, *links = NULL;
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    if (nargs > 3) {
        PyErr_Format(PyExc_TypeError,
                     "storybox.extract() takes at most 3 positional arguments (html, url, "
                     "method) but %zd were given",
                     nargs);
        return NULL;
    }
    PyObject *params = kwargs ? PyDict_Copy(kwargs) : PyDict_New();
    if (!params)
        return NULL;
    PyObject **slots[] = {&html, &url, &method, &format, &links};
    const char *names[] = {"html", "url", "method", "format", "links"};
    for (int i = 0; i < 5; i++) {
        PyObject *named = PyDict_GetItemString(params, names[i]); /* borrowed */
        if (named && i < nargs) {
            PyErr_Format(PyExc_TypeError, "storybox.extract() got multiple values for '%s'",
                         names[i]);
            Py_DECREF(params);
            return NULL;
        }
        if (i < nargs)
            *slots[i] = PyTuple_GET_ITEM(args, i);
        else if (named)
            *slots[i] = named;
    }
    /* Keep the named values alive after they leave the dict. */
    Py_XINCREF(html);
    Py_INCREF(url);
    Py_XINCREF(method);
    Py_XINCREF(format);
    Py_XINCREF(links);
    for (int i = 0; i < 5; i++)
        if (PyDict_GetItemString(params, names[i]) && PyDict_DelItemString(params, names[i]) < 0)
            goto fail_early;

    if (!html) {
        PyErr_SetString(PyExc_TypeError, "storybox.extract() missing required argument 'html'");
        goto fail_early;
    }
    const char *url_c = NULL, *method_c = "hybrid";
    if (url != Py_None) {
        if (!PyUnicode_Check(url)) {
            PyErr_SetString(PyExc_TypeError, "storybox.extract: url must be str or None");
            goto fail_early;
        }
        if (!(url_c = PyUnicode_AsUTF8(url)))
            goto fail_early;
    }
    if (method && method != Py_None) {
        if (!PyUnicode_Check(method)) {
            PyErr_SetString(PyExc_TypeError, "storybox.extract: method must be str");
            goto fail_early;
        }
        if (!(method_c = PyUnicode_AsUTF8(method)))
            goto fail_early;
    }
    /* format="markdown" or "html" adds the document under that key. */
    const char *format_c = NULL;
    if (format && format != Py_None) {
        if (!PyUnicode_Check(format) || !(format_c = PyUnicode_AsUTF8(format)) ||
            (strcmp(format_c, "markdown") != 0 && strcmp(format_c, "html") != 0)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError,
                                "storybox.extract: format must be \"markdown\", \"html\" or None");
            goto fail_early;
        }
    }
    int links_c = links ? PyObject_IsTrue(links) : 0;
    if (links_c < 0)
        goto fail_early;
    PyObject *param_bytes = params_string(params);
    if (!param_bytes)
        goto fail_early;

    page_input in;
    if (page_input_get(html, &in) < 0) {
        Py_DECREF(param_bytes);
        goto fail_early;
    }
    sb_options opt;
    sb_options_init(&opt);
    opt.base_url = url_c;
    opt.method = method_c;
    if (PyBytes_GET_SIZE(param_bytes) > 0)
        opt.params = PyBytes_AS_STRING(param_bytes);

    /* The GIL is released while the page is extracted: every pointer the
     * library reads is owned by an object this call holds a reference to,
     * so other threads may run meanwhile.  (What Py_BEGIN_ALLOW_THREADS /
     * Py_END_ALLOW_THREADS expand to, spelt out for clang-format.) */
    PyThreadState *released_gil = PyEval_SaveThread();
    sb_story *s = sb_extract(in.data, in.len, &opt);
    PyEval_RestoreThread(released_gil);

    PyObject *result = record_result(s);
    if (result && format_c) {
        bool markdown = strcmp(format_c, "markdown") == 0;
        char *doc = markdown ? sb_story_to_markdown(s, links_c) : sb_story_to_html(s, links_c);
        PyObject *text = doc ? PyUnicode_DecodeUTF8(doc, (Py_ssize_t)strlen(doc), "replace") : NULL;
        free(doc);
        if (!text || PyDict_SetItemString(result, format_c, text) < 0)
            Py_CLEAR(result);
        Py_XDECREF(text);
    }
    sb_story_free(s);
    page_input_release(&in);
    Py_DECREF(param_bytes);
    Py_DECREF(params);
    Py_XDECREF(html);
    Py_DECREF(url);
    Py_XDECREF(method);
    Py_XDECREF(format);
    Py_XDECREF(links);
    return result;

fail_early:
    Py_DECREF(params);
    Py_XDECREF(html);
    Py_DECREF(url);
    Py_XDECREF(method);
    Py_XDECREF(format);
    Py_XDECREF(links);
    return NULL;
}

PyDoc_STRVAR(extract_warc_doc,
             "extract_warc(path, method=\"hybrid\", **params) -> iterator of dict\n"
             "\n"
             "Extracts every page record of a .warc or .warc.gz file as it reads it\n"
             "(constant memory), yielding one record dict per page in file order,\n"
             "with warc_record_id set and source FILE#OFFSET.  A page or a WARC\n"
             "record that fails yields its record with `error` set rather than\n"
             "raising, so one bad record does not end the crawl; a file that cannot\n"
             "be opened raises OSError.  Records that are not HTML pages (requests,\n"
             "revisits, metadata, images...) are skipped, as by `storybox extract`.\n"
             "Stylesheets stored in the same file (text/css responses) are used\n"
             "for its pages' layout.");

/* The iterator extract_warc returns: the reader, and the options every page
 * of the file is extracted with. */
typedef struct {
    PyObject_HEAD
    sb_warc_reader *reader;
    sb_warc_css *css; /* the file's stylesheets and image sizes, or NULL */
    char *path;
    char *method;
    PyObject *params; /* bytes: "key=value,..." */
} warc_iter;

static void warc_iter_dealloc(warc_iter *it)
{
    if (it->reader)
        sb_warc_close(it->reader);
    sb_warc_css_release(it->css);
    free(it->path);
    free(it->method);
    Py_XDECREF(it->params);
    Py_TYPE(it)->tp_free((PyObject *)it);
}

/* A record as a dict, error records included (no exception). */
static PyObject *record_dict(const sb_story *s)
{
    char *json = sb_story_to_json(s, false);
    PyObject *dict = json ? PyObject_CallFunction(json_loads, "s", json) : NULL;
    free(json);
    if (!dict && !PyErr_Occurred())
        PyErr_NoMemory();
    return dict;
}

static PyObject *warc_iter_next(warc_iter *it)
{
    if (!it->reader)
        return NULL;
    sb_warc_record rec = {0};
    sb_story *s = NULL;
    char source[4096 + 32];
    /* Reading and extracting run without the GIL: the reader and the
     * options belong to this iterator, which the caller keeps alive. */
    PyThreadState *released_gil = PyEval_SaveThread();
    sb_warc_kind k = sb_warc_next(it->reader, &rec);
    if (k != SB_WARC_END) {
        snprintf(source, sizeof source, "%s#%llu", it->path, rec.offset);
        if (k == SB_WARC_ERROR) {
            s = calloc(1, sizeof *s);
            if (s) {
                s->source = strdup(source);
                s->warc_record_id = rec.record_id ? strdup(rec.record_id) : NULL;
                s->text = strdup("");
                s->method = strdup(it->method);
                s->error = strdup(rec.error);
            }
        } else {
            sb_options opt;
            sb_options_init(&opt);
            opt.method = it->method;
            opt.source = source;
            opt.warc_record_id = rec.record_id;
            opt.base_url = rec.target_uri;
            opt.transport_charset = rec.charset;
            if (it->css) {
                opt.resource = sb_warc_css_resource;
                opt.image_size = sb_warc_css_image_size;
                opt.resource_ctx = it->css;
            }
            if (PyBytes_GET_SIZE(it->params) > 0)
                opt.params = PyBytes_AS_STRING(it->params);
            s = sb_extract(rec.body, rec.body_len, &opt);
        }
    }
    sb_warc_record_clear(&rec);
    PyEval_RestoreThread(released_gil);
    if (k == SB_WARC_END) {
        sb_warc_close(it->reader);
        it->reader = NULL;
        return NULL; /* StopIteration */
    }
    if (!s)
        return PyErr_NoMemory();
    PyObject *dict = record_dict(s);
    sb_story_free(s);
    return dict;
}

static PyTypeObject warc_iter_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "storybox.WarcRecords",
    .tp_basicsize = sizeof(warc_iter),
    .tp_dealloc = (destructor)warc_iter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Iterator over the page records of a WARC file (storybox.extract_warc).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)warc_iter_next,
};

static PyObject *py_extract_warc(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    PyObject *path = NULL;
    if (!PyArg_ParseTuple(args, "O&:extract_warc", PyUnicode_FSConverter, &path))
        return NULL;
    PyObject *params = kwargs ? PyDict_Copy(kwargs) : PyDict_New();
    if (!params) {
        Py_DECREF(path);
        return NULL;
    }
    const char *method_c = "hybrid";
    PyObject *method = PyDict_GetItemString(params, "method"); /* borrowed */
    if (method) {
        if (!PyUnicode_Check(method) || !(method_c = PyUnicode_AsUTF8(method))) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "storybox.extract_warc: method must be str");
            goto fail;
        }
    }
    if (!sb_method_find(method_c)) {
        PyErr_Format(PyExc_ValueError, "storybox.extract_warc: unknown method '%s'", method_c);
        goto fail;
    }
    warc_iter *it = PyObject_New(warc_iter, &warc_iter_type);
    if (!it)
        goto fail;
    it->reader = NULL;
    it->css = NULL;
    it->path = strdup(PyBytes_AS_STRING(path));
    it->method = strdup(method_c);
    if (method && PyDict_DelItemString(params, "method") < 0) {
        it->params = NULL;
        Py_DECREF(it);
        goto fail;
    }
    it->params = params_string(params);
    if (!it->params || !it->path || !it->method) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        Py_DECREF(it);
        goto fail;
    }
    char err[512];
    it->reader = sb_warc_open(it->path, 0, err, sizeof err);
    if (!it->reader) {
        PyErr_Format(PyExc_OSError, "storybox.extract_warc: %s", err);
        Py_DECREF(it);
        goto fail;
    }
    /* The stylesheets stored in the same WARC serve its pages, as in
     * `storybox extract`: a first pass collects them (warc_css.h). */
    Py_BEGIN_ALLOW_THREADS
    it->css = sb_warc_css_load(it->path);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    Py_DECREF(params);
    return (PyObject *)it;

fail:
    Py_DECREF(path);
    Py_DECREF(params);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"extract", (PyCFunction)(void (*)(void))py_extract, METH_VARARGS | METH_KEYWORDS, extract_doc},
    {"extract_warc", (PyCFunction)(void (*)(void))py_extract_warc, METH_VARARGS | METH_KEYWORDS,
     extract_warc_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
             "storybox: the news story of saved web pages (headline, text, lead image,\n"
             "byline, dates) by headless layout and DOM analysis.\n"
             "\n"
             "extract(html, url=None, method=\"hybrid\", format=None, links=False,\n"
             "        **params) -> dict\n"
             "extract_warc(path, method=\"hybrid\", **params) -> iterator of dict\n"
             "ExtractionError: raised when a page cannot be extracted; str(e) is the\n"
             "    record's error text, e.record the whole record as a dict.\n"
             "__version__: the library's version (sb_version()).");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "storybox", module_doc, -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_storybox(void);

PyMODINIT_FUNC PyInit_storybox(void)
{
    if (PyType_Ready(&warc_iter_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    PyObject *json = PyImport_ImportModule("json");
    if (!json)
        goto fail;
    json_loads = PyObject_GetAttrString(json, "loads");
    Py_DECREF(json);
    if (!json_loads)
        goto fail;
    extraction_error = PyErr_NewExceptionWithDoc(
        "storybox.ExtractionError",
        "A page could not be extracted.  str(e) is the record's error text\n"
        "(one line); e.record is the record as a dict, with `error` set.",
        PyExc_Exception, NULL);
    if (!extraction_error)
        goto fail;
    Py_INCREF(extraction_error);
    if (PyModule_AddObject(m, "ExtractionError", extraction_error) < 0) {
        Py_DECREF(extraction_error);
        goto fail;
    }
    if (PyModule_AddStringConstant(m, "__version__", sb_version()) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
