"""The mapping screen (confirm the roles, run) and the audit screen (progress, the verdict in
plain words, the library's report, the downloads, the threshold view)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import secrets
import weakref
from pathlib import Path
from types import SimpleNamespace

from .._checks import is_number_text, number_text
from .._secrets import masked_cut
from .._text import distinct_numbers, spaced_name
from .._text import number_text as exact_number
from ..errors import EthicLensInputError, _number_as_typed, in_cli_words
from . import _portable, _roles, _twofiles
from ._audited import audited_of
from ._jobs import WORKER_STOPPED, database_refusal, verdict_of
from ._uploads import one_line
from ._web import (
    BUSY_MESSAGE,
    Masked,
    cut_value,
    digits_number,
    in_thread,
    intervals_text,
    masked_names,
    masked_piece,
    problem_said,
    redirect,
    repeated_name,
    said,
    typed_form,
    verdict_word,
    web_of,
)

log = logging.getLogger("ethiclens.web")

PANDAS_BYTES = 256 << 20
# Wider than this, the mapping screen's five role fields type a column with one shared list
# of names rather than five selects of every column each (a page of megabytes)
WIDE = 500
# The library's report is one self-contained page (inline CSS, images as data: URIs, no
# script); it may only be framed by this app's result page.
REPORT_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'; "
    "form-action 'none'; base-uri 'none'; frame-ancestors 'self'"
)


# -- the mapping screen ------------------------------------------------------------------------
async def mapping(request):
    web = web_of(request)
    audit_id = request.path_params["audit_id"]
    audit = web.audit_or_none(audit_id)
    if audit is None:
        return web.no_such_audit(request)
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    if not _has_mapping(data):
        if audit["status"] == "draft":  # never sent back to the audit page, which sends here
            return _no_mapping(web, request)
        return redirect(f"/audits/{audit_id}")
    if request.method in ("GET", "HEAD"):  # HEAD: as GET (Starlette routes it with GET)
        if repeated := repeated_name(request.query_params.multi_items()):  # ?b= twice
            return web.repeated_refusal(request, repeated)
        return _mapping_again(web, request, audit, data)
    back = (f"/audits/{audit_id}/mapping", "Open the mapping")  # a field sent twice: its words
    labels = _RowLabels(_roles.FIELD_LABELS, lambda: web.profile_of(data)["columns"])
    form, refused = await web.checked_form(request, inline=True, labels=labels, link=back)
    if refused:
        return refused
    if audit["purpose"] == "thresholds":  # a view's request is its audit's, not this form's
        return _again_as_asked(web, request, audit, data)
    return await _confirm(web, request, audit, data, form)


class _RowLabels(dict):
    """The mapping form's fields by their words on the page: ``FIELD_LABELS``, and a column's
    reference and bin-edge fields (``ref_3``, ``bins_3``) by their row's words ("Reference
    group of race"), its columns read only when such a field is named."""

    def __init__(self, labels: dict, columns):
        super().__init__(labels)
        self._columns = columns

    def get(self, name, default=None):
        kind, _, index = str(name).partition("_")
        words = {"ref": "Reference group of", "bins": "Bin edges of"}.get(kind)
        digits = index.isascii() and index.isdigit() and len(index) <= 6  # never int() of 5,000
        if name in self or words is None or not digits:
            return super().get(name, default)
        columns = self._columns()
        if str(int(index)) != index or int(index) >= len(columns):  # ref_03, ref_99: no row
            return default
        return f"{words} {masked_cut(one_line(str(columns[int(index)]['name']), ' '), 60)}"


def _has_mapping(data: dict | None) -> bool:
    """Whether a request's data has a mapping screen (a benchmark's columns are fixed)."""
    return data is not None and data["kind"] != "benchmark"


def _no_mapping(web, request, audit: dict | None = None):
    if audit is not None and audit["purpose"] == "thresholds":  # of a file too: not a benchmark
        return web.error_page(
            request,
            409,
            "a threshold view has no mapping of its own: it shows an audit's predictions at "
            "every threshold",
            "open the audit it was drawn from, change its mapping and run it again, then draw "
            "its threshold view",
            link=("/history", "Open the history"),
        )
    return web.error_page(
        request,
        409,
        "this audit has no mapping to fix: a benchmark's columns are fixed",
        "start a new benchmark audit from the home page with other settings",
        link=("/", "Start again"),
    )


def _mapping_again(web, request, audit: dict, data: dict):
    """The form as proposed, or as last submitted with the library's error by its field."""
    if audit["status"] != "draft":
        return redirect(f"/audits/{audit['id']}")
    prof = web.profile_of(data)
    errors = {}
    stored = json.loads(audit.get("error") or "{}")
    if request_at_fault(stored):  # the library's error of the last run, by its field
        spec = json.loads(audit["spec"] or "{}")
        err = _failure(web, data, spec, stored)[0]
        value = f" (value: {err['value']})" if err.get("value") is not None else ""
        exc = EthicLensInputError(
            err.get("problem", "") + value,
            column=err.get("column"),
            fix=err.get("fix"),
            kind=err.get("kind"),  # stored by the run (a column '--json'); before: from the name
        )
        errors = _by_field(web, exc, prof, spec)
    form = _form_from_spec(web, audit, prof)
    if (b := request.query_params.get("b")) is not None:  # model B's file was just uploaded
        if not _twofiles.is_upload(web, b):  # never the page quietly without its proposal
            return web.error_page(
                request,
                400,
                f"the parameter 'b' is {cut_value(b)!r}, not a file uploaded for model B",
                "upload model B's file again from the mapping screen",
                link=(f"/audits/{audit['id']}/mapping", "Open the mapping"),
            )
        form["model_b"] = _twofiles.proposed_choice(web, b)
    return mapping_page(web, request, audit, data, form, errors, 422 if errors else 200)


def mapping_again(web, request, audit: dict, errors: dict, status: int):
    """A draft's mapping screen as stored, with ``errors`` by their fields."""
    data = web.store.data(audit["data_id"])
    form = _form_from_spec(web, audit, web.profile_of(data))
    return mapping_page(web, request, audit, data, form, errors, status)


def _target_of(data: dict, prof: dict) -> dict:
    if data["kind"] == "db":
        return dict(prof["source"])
    target = {"file": data["path"]}
    if (data.get("size") or 0) <= PANDAS_BYTES:
        # a file that fits in memory is read by pandas (the reference engine, and faster than
        # DuckDB's start-up there); a bigger one by DuckDB, out of core, when installed
        target["engine"] = "pandas"
    return target


async def _confirm(web, request, audit: dict, data: dict, form: dict):
    """The submitted mapping: checked, turned into the request, queued (or the form again)."""
    rev = digits_number(form.get("rev", ""))
    if rev is None:  # not the page's own form: a request to mend, not a change elsewhere
        long = form["too_long"].get("rev", "").partition(". Fix: ")[0]  # sent, left out
        return web.error_page(
            request,
            400,
            f"the form's revision {long}"
            if long
            else "the form has no revision field (the page's own form sends one)"
            if form.get("rev") is None
            else f"the form's revision {cut_value(form.get('rev'))!r} is not a number",
            "reload the page and send its form again",
        )
    key, sent = (audit["id"], rev), form_key(form)
    if web.mapped.get(key) == sent:  # the same form sent again (a double click): its audit
        return redirect(f"/audits/{audit['id']}")
    if audit["status"] != "draft" or rev != audit["rev"]:
        return web.changed_elsewhere(request, audit["id"])
    prof = web.profile_of(data)  # a damaged record first: its path is not one to check
    if web.moved_out(data):  # a link out of the folder since it was picked: never read
        return web.not_listed(request)
    if form["too_long"]:
        return mapping_page(web, request, audit, data, form, form["too_long"], 422)
    spec, purpose = None, "audit"
    try:
        spec, purpose = _roles.form_to_spec(form, prof, _target_of(data, prof))
        # a typed column of model B without its file is refused by model B's field
        model_b = form.get("model_b") or (form.get("model_b_column") or "").strip()
        purpose = "compare" if model_b else purpose
        spec, note = _without_compared_score(spec, purpose)
        # before model B's joined table is written
        _roles.check_request(spec, purpose, form)
        if model_b:
            spec = await in_thread(_twofiles.joined_spec, web, data, form, spec)
    except _roles.FormErrors as exc:
        return mapping_page(web, request, audit, data, form, exc.errors, 422)
    except EthicLensInputError as exc:
        errors = _by_field(web, exc, prof, spec, _portable.server_names(data))
        return mapping_page(web, request, audit, data, form, errors, 422)
    if web.mapped.get(key) == sent:  # sent twice while the first joined model B's file
        return redirect(f"/audits/{audit['id']}")
    queued = web.queue(request, audit["id"], rev, spec, purpose, data["name"], note)
    if queued.status_code == 303:
        web.mapped[key] = sent
    return queued


# the mapping and benchmark forms' number fields (policy_from_form): {name: whole numbers only}
_NUMBER_FIELDS = {name: kind is not float for name, kind in _roles.POLICY_FIELDS if kind is not str}


def form_key(form: dict) -> str:
    """What a mapping (or benchmark) form asks, to tell the same form sent twice from another
    one: a number field's text as the number it reads as ("0.80" is "0.8", " 200" is "200")."""
    asked = {
        k: same_number(v, whole=_NUMBER_FIELDS[k]) if k in _NUMBER_FIELDS else v
        for k, v in form.items()
        if k != "csrf"
    }
    return hashlib.sha256(json.dumps(asked, sort_keys=True, default=str).encode()).hexdigest()


def same_number(text, whole: bool = False):
    """A number field's text as one text per number it reads as (``0.5``, ``0.50``, ``5e-1``
    and `` 0.5 `` alike, exactly: no rounding of long ones); any other text (``whole``: any
    but an integer's, as ``1e3`` for the draws, which the field refuses) as it is."""
    from decimal import MAX_EMAX, MIN_EMIN, Decimal, localcontext

    if not isinstance(text, str) or not is_number_text(text.strip(), whole=whole):
        return text
    try:  # an exponent past Decimal's (1e9999999999999999999): as typed, for the field to refuse
        value = Decimal(text.strip())
    except ArithmeticError:
        return text
    if value.is_nan() or value == 0:  # one text for nan's spellings, and for 0, -0, 0.00
        return "nan" if value.is_nan() else "0"
    with localcontext() as context:  # enough digits that nothing is rounded
        context.prec, context.Emax, context.Emin = len(value.as_tuple().digits), MAX_EMAX, MIN_EMIN
        try:  # 1e999999999999999999 past Emax once normalized (Decimal refuses, no inf)
            return str(value.normalize(context))
        except ArithmeticError:
            return text


def _without_compared_score(spec: dict, purpose: str) -> tuple[dict, str | None]:
    """(the request, the note said on its result page): a comparison's score column (the
    mapping proposes one by default, which ``ethiclens compare`` refuses: "is not used by a
    comparison") cleared, and said, never dropped unsaid."""
    score = spec["roles"].get("y_score")
    if purpose != "compare" or not score:
        return spec, None
    note = (
        f"The score column {score!r} was not used: a comparison compares two models' "
        "predictions, and a score column is one model's (ethiclens compare refuses it: "
        "drop it). Audit each model on its own for its threshold view."
    )
    return _twofiles.without_scores(spec), note


def _columns(prof: dict) -> list[str]:
    return [c["name"] for c in prof["columns"]]


def _error_place(web, data: dict | None, spec: dict, error: dict) -> str:
    """Where a failed run's error is, as the mapping form names it (the library names a
    column, a flag or a spec key)."""
    if not error.get("column"):
        return ""
    columns = _columns(web.profile_of(data)) if data else []
    exc = EthicLensInputError(
        error.get("problem", ""), column=error["column"], kind=error.get("kind")
    )
    field_name = _field_of(web, exc, columns, spec)
    return _roles.field_label(field_name, columns) or _roles.place_label(error["column"])


def _field_of(web, exc: EthicLensInputError, columns: list[str], spec: dict | None) -> str:
    """:func:`_roles.field_of`, model B's field of a request comparing model B's own file
    (the form's 'Model B from another file', not 'Second model to compare')."""
    field_name = _roles.field_of(exc, columns, spec)
    joined = field_name == "y_pred_b" and _twofiles.joined_of(web, spec or {})
    return "model_b" if joined else field_name


def _by_field(web, exc: EthicLensInputError, prof: dict, spec: dict | None, names=()) -> dict:
    """{form field: message} of the library's error; one shown above the form (no field of
    its own) names the column or setting it is about, and the data file by its user's name
    (``names``: ``_portable.server_names``; a stored error is renamed already)."""
    field_name = _field_of(web, exc, _columns(prof), spec)
    where = f"{_roles.place_label(exc.column)}: " if field_name == "form" and exc.column else ""
    return {field_name: _portable.renamed(where + said(_roles.in_form_fields(exc)), names)}


def _form_from_spec(web, audit: dict, prof: dict) -> dict:
    """The form's values: the draft's stored request, else the proposal."""
    spec = json.loads(audit["spec"]) if audit.get("spec") else None
    if not spec:
        return _proposed_form(prof)
    cols = _columns(prof)
    r, g = spec.get("roles", {}), spec.get("groups", {})
    form = {key: r.get(key) or "" for key in ("y_true", "y_score", "weight", "positive")}
    preds = r.get("y_pred") or []
    form["y_pred"] = preds[0] if preds else ""
    form["model_b"] = _twofiles.choice_of(web, spec)
    # model B of its own file is that file's, though model A's file has a column so named
    second = len(preds) > 1 and preds[1] in cols and not form["model_b"]
    form["y_pred_b"] = preds[1] if second else ""
    form["pos_label"] = "" if r.get("pos_label") is None else str(r.get("pos_label"))
    form["protected_list"] = []
    names, refs = _stored_protected(r.get("protected"), cols)
    for col in names:
        if col in cols:
            i = cols.index(col)
            form["protected_list"].append(str(i))
            form[f"ref_{i}"] = refs.get(col, "")
            if col in g.get("bins", {}):
                # the edges as run (1234567, not 1.23457e+06): a rerun bins alike
                form[f"bins_{i}"] = ",".join(distinct_numbers(g["bins"][col]))
    form.update(_group_edits_text(g))
    for name, _ in _roles.POLICY_FIELDS:
        if name in spec.get("policy", {}):
            form[name] = str(spec["policy"][name])
    m = spec.get("model", {})
    form.update({name: str(m.get(key) or "") for name, key in _roles.MODEL_FIELDS.items()})
    return form


def _stored_protected(protected, cols: list[str]) -> tuple[list[str], dict]:
    """The ticked attributes of a stored request, as the library reads them; one it refuses
    as a whole (an attribute given twice, by a draft stored before that was checked) read
    entry by entry, each column once, so that the form shows again with the run's error by
    its field instead of failing."""
    try:
        return _roles.protected_entries(protected, cols)
    except EthicLensInputError:
        pass
    names, refs = [], {}
    for entry in protected if isinstance(protected, list) else []:
        try:
            (col,), ref = _roles.protected_entries([entry], cols)
        except (EthicLensInputError, ValueError):
            continue
        if col not in names:
            names.append(col)
            refs.update(ref)
    return names, refs


def _proposed_form(prof: dict) -> dict:
    cols = _columns(prof)
    p = _roles.propose(prof)
    form = {k: p[k] for k in ("y_true", "y_pred", "y_score", "weight")}
    form["protected_list"] = [str(cols.index(c)) for c in p["protected"]]
    for c, edges in p["bins"].items():
        form[f"bins_{cols.index(c)}"] = edges
    form["proposed"] = "1"
    return form


def _group_edits_text(groups: dict) -> dict:
    """The merge and exclude text boxes of a stored request, each group (and a merge's new
    name) written as the box reads it back (``spec.typed_group``: in double quotes when it has
    spaces around it, a pair of double quotes, or in a merge a ",", ":" or bracket)."""
    from ..spec import typed_group

    def t(name, in_merge: bool = False) -> str:  # a line break as "\\n" (not a new line)
        return typed_group(typed_form(name), in_merge)

    merge = "\n".join(
        f"{typed_form(a)}={','.join(t(o, True) for o in olds)}:{t(new, True)}"
        for a, m in groups.get("merge", {}).items()
        for new, olds in m.items()
    )
    exclude = "\n".join(
        f"{typed_form(a)}={t(grp)}"
        for a, groups in groups.get("exclude", {}).items()
        for grp in groups
    )
    return {"merge": merge, "exclude": exclude}


def mapping_page(web, request, audit, data, form, errors, status=200):
    from ..spec import PolicySpec

    defaults = PolicySpec()
    prof = web.profile_of(data)
    # the attributes' order of the request, kept by a hidden field (the boxes are sent in
    # the page's order): the form sent again unchanged is the same request
    form = {**form, "protected_order": ",".join(_roles.ordered_protected(form))}
    form = _roles.shown_form(form, prof["columns"])  # masked, each name read back on submit
    return web.page(
        request,
        "mapping.html",
        status,
        audit=audit,
        data=data,
        prof=prof,
        form=form,
        errors=_roles.placed(errors, _mapping_fields(data, prof)),
        other_files=_twofiles.other_files(web, data, form.get("model_b") or ""),
        wide=len(prof["columns"]) > WIDE,
        lists=_value_lists(prof),
        defaults={name: getattr(defaults, name) for name, _ in _roles.POLICY_FIELDS},
        default_draws=2000,
    )


def _value_lists(prof: dict) -> dict[int, int]:
    """{column: the column whose list of values its reference field offers}: of a few values
    (at most ``GROUP_MAX``), the first column with the same ones, so that a wide file's
    columns of one set (0/1, one-hot) share one list rather than each drawing its own."""
    first: dict[tuple, int] = {}
    return {
        i: first.setdefault(tuple(map(str, c["values"])), i)
        for i, c in enumerate(prof["columns"])
        if c["values"] and c["distinct"] <= _roles.GROUP_MAX
    }


def _mapping_fields(data: dict, prof: dict) -> set[str]:
    """The fields the mapping screen draws: its labelled ones (model B's file only for a file),
    and a row of attribute, reference and bins per column."""
    fields = set(_roles.FIELD_LABELS) - {"score", "model_b_column"}  # drawn for a capped file only
    if data["kind"] not in ("csv", "parquet"):
        fields.discard("model_b")
    for i in range(len(prof["columns"])):
        fields |= {f"prot_{i}", f"bins_{i}", f"ref_{i}"}
    return fields


# -- the audit screen --------------------------------------------------------------------------
async def audit_page(request):
    web = web_of(request)
    audit = web.audit_or_none(request.path_params["audit_id"])
    if audit is None:
        return web.no_such_audit(request)
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    if audit["status"] == "draft":
        return redirect(f"/audits/{audit['id']}/mapping")
    return _audit_page(web, request, audit, data)


def _audit_page(web, request, audit: dict, data: dict | None):
    context = {"audit": audit, "data": data, "spec": json.loads(audit["spec"] or "{}")}
    context["joined"] = _twofiles.joined_of(web, context["spec"]) is not None
    status = 200
    if audit["status"] == "done":
        result = json.loads(audit["result"])
        verdict = json.loads(audit["verdict"] or "{}")
        context.update(
            result=result,
            verdict=verdict,
            word=verdict_word(verdict.get("status_counts", {})),
            sentence=_verdict_sentence(verdict.get("status_counts", {})),
            lines=_plain_lines(result, audit["purpose"]),
            flagged=_flagged_shown(result, audit["purpose"]),
            intervals=intervals_text(result),
            caveat=_below_caveat(result, audit["purpose"]),
            pdf=audit["purpose"] == "audit" and _portable.pdf_available(),
            thresholds=audit["purpose"] == "audit" and has_scores(audit, context["spec"]),
            again=_has_mapping(data) and audit["purpose"] in ("audit", "compare"),
            form_id=secrets.token_hex(12),  # the "run again" form's: one per page drawn
        )
    elif audit["status"] == "failed":
        error = json.loads(audit["error"] or "{}")
        context["error"], status = _failure(web, data, context["spec"], error)
        context["where"] = _error_place(web, data, context["spec"], context["error"])
    context["config"] = _unfinished_config(web, audit) is not None  # its request, to rerun
    context["reproduces"] = _portable.reproduces_failure(audit)
    context["rerun"] = _runs_again(audit)  # "Run it again", as asked, not "Fix the mapping"
    return web.page(request, "audit.html", status, **context)


def _below_caveat(result: dict, purpose: str) -> str:
    """What the one-sided DI rule misses with a harmful label, as the reports say it, or "":
    a comparison's label is its audits' (a result recorded without it reads as favourable)."""
    from ..report import below_harmful_caveat

    config = labelled = result.get("config") or {}
    if purpose == "compare":
        labelled = ((result.get("audits") or {}).get("a") or {}).get("config") or {}
    harmful = not labelled.get("positive_is_favorable", True)
    return below_harmful_caveat(config.get("policy") or {}, harmful)


def request_at_fault(error: dict) -> bool:
    """Whether a failed run's error is its request's (the library refused the data or a
    setting: the mapping form shows it by its field), not the server's (a bug, a full queue,
    a worker that stopped: the request is run again as it is)."""
    return bool(error.get("column") or error.get("input"))


def _if_gone(error: dict, data: dict | None, status: int) -> dict:
    """A failed run's ``error`` (its page's ``status``), said in the page's words when its
    data file was removed from the server since (410), as model B's file is (_twofiles)."""
    if status != 410:
        return error
    joined = data["kind"] == "joined"  # made from the two uploads: made again, not uploaded
    gone = f"{_portable.portable_name(data) if joined else data['name']} does not exist on "
    gone += "this server any more"
    fix = _REJOIN if joined else "upload it again"
    return {**error, "problem": gone, "column": None, "value": None, "fix": fix}


def _failure(web, data: dict | None, spec: dict, error: dict) -> tuple[dict, int]:
    """(a failed run's stored ``error`` in the form's words, its page's status), said as a
    file gone (:func:`_if_gone`) when the run's file was removed: the request's own (an
    upload, a picked file), else, when that is there, the joined table the request names."""
    error = _roles.in_form_words(error, data and web.profile_of(data), spec)
    joined = _twofiles.joined_of(web, spec)
    own = data and data.get("kind") in ("csv", "parquet") and Path(data["path"]).is_file()
    gone = joined if joined and own else data
    status = _failed_status(error, gone)
    return _if_gone(error, gone, status), status


def _failed_status(error: dict, data: dict | None) -> int:
    """A failed audit's page status: 503 a full queue; 422 a refusal of the user's data or
    request (410 when its data file was removed since it was picked) and a worker that stopped
    under it (the run failed, not the server); 500 only for an internal error."""
    if error.get("message") == BUSY_MESSAGE:
        return 503
    if error.get("message") == WORKER_STOPPED["message"]:
        return 422
    if not request_at_fault(error):
        return 500
    file = data and data.get("kind") in ("csv", "parquet", "joined") and data.get("path")
    gone = file and not Path(file).is_file()  # removed, or a folder now
    return 410 if gone else 422


async def reopen(request):
    web = web_of(request)
    audit = web.audit_or_none(request.path_params["audit_id"])
    if audit is None:
        return web.no_such_audit(request)
    _form, refused = await web.checked_form(request)
    if refused:
        return refused
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    if _runs_again(audit):  # its request was not at fault: run again as it was asked
        return _again_as_asked(web, request, audit, data)
    if not _has_mapping(data):  # refused before anything changes: the audit stays as it was
        return _no_mapping(web, request)
    web.profile_of(data)  # a damaged one refused before the audit changes
    web.store.reopen(audit["id"])
    return redirect(f"/audits/{audit['id']}/mapping")


def _runs_again(audit: dict) -> bool:
    """Whether "Run it again" queues the request as it was asked, not its mapping screen (which
    draws a plain audit's form): a threshold view, an interrupted run of any kind (a benchmark's
    too), and a run whose worker stopped or that a full queue refused (nothing to fix)."""
    if audit["purpose"] == "thresholds" or audit["status"] == "interrupted":
        return True
    message = json.loads(audit.get("error") or "{}").get("message")
    return message in (WORKER_STOPPED["message"], BUSY_MESSAGE)


def _again_as_asked(web, request, audit: dict, data: dict | None):
    """A failed or interrupted request (``_runs_again``) queued again as it was asked, with its
    purpose: a view stays a view. A view left a draft (by a server before this one) is queued
    as it is."""
    if audit["status"] not in ("failed", "interrupted", "draft"):
        return redirect(f"/audits/{audit['id']}")
    spec = json.loads(audit["spec"] or "{}")
    if web.moved_out(data, _twofiles.joined_of(web, spec)):  # a link out since it was run
        return web.not_listed(request)
    rev = audit["rev"]
    if audit["status"] != "draft":
        web.store.reopen(audit["id"])
        rev += 1
    title = data and data["name"]
    return web.queue(request, audit["id"], rev, spec, audit["purpose"], title)


async def again(request):
    """A finished audit's request as a new draft: its mapping screen filled as it was run, to
    change and run again (the finished audit stays in the history as it is)."""
    web, audit, (form, refused) = await _finished(request)
    if refused:
        return refused
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    if not _has_mapping(data) or audit["purpose"] not in ("audit", "compare"):
        return _no_mapping(web, request, audit)
    # the page's form, one id per page drawn (as the benchmark form's): sent twice (a double
    # click, a re-post) it opens the draft it made, never a second; a page drawn again makes one
    sent = form.get("form_id") or ""
    key = (audit["id"], sent) if re.fullmatch(r"[0-9a-f]{24}", sent) else None
    if key in web.drafts:
        return redirect(f"/audits/{web.drafts[key]}/mapping")
    web.profile_of(data)  # a damaged one refused before a draft is made
    draft = web.store.new_audit(audit["data_id"], json.loads(audit["spec"] or "{}") or None)
    if key:
        web.drafts[key] = draft
    return redirect(f"/audits/{draft}/mapping")


async def _finished(request, labels: dict | None = None):
    """(web, the finished audit the path names, (its checked form, or the response refusing
    the request: 404 when no audit there is done, else the form check's, a field over the
    limit named by its ``labels`` words))."""
    web = web_of(request)
    audit = web.audit_or_none(request.path_params["audit_id"])
    if audit is None or audit["status"] != "done":
        return web, audit, (None, web.error_page(request, 404, "no finished audit here", ""))
    return web, audit, await web.checked_form(request, labels=labels, link=_back(audit))


async def thresholds(request):
    web, audit, (form, refused) = await _finished(
        request, {"threshold": _THRESHOLD, "rev": "the form's revision"}
    )
    if refused:
        return refused
    spec = json.loads(audit["spec"])
    if not has_scores(audit, spec):
        return web.error_page(request, 422, *_NO_SCORES[_is_benchmark(spec)])
    rev = form.get("rev", "")
    if rev and digits_number(rev) is None:
        return web.error_page(
            request, 400, f"the form's revision {cut_value(rev)!r} is not a number", _RELOAD
        )
    if rev and digits_number(rev) >= 2**63:  # no audit reaches it: a form drawn for none
        return web.changed_elsewhere(request, audit["id"])
    # the page's form names the audit's revision (a form without one is not guarded); the
    # same form is the same revision and threshold: another threshold is not a double click
    typed = same_number(form.get("threshold", ""))  # "0.50" is the form of "0.5"; "  " not ""
    key = (audit["id"], digits_number(rev), typed) if rev else None
    if key in web.views:  # the same form sent twice (a double click): its view, not a second
        return redirect(f"/audits/{web.views[key]}")
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    try:
        spec = await _with_threshold(spec, form.get("threshold", ""))
    except EthicLensInputError as exc:  # its database by its variable, never the driver's words
        db_env = (spec.get("target") or {}).get("db_env")
        exc = db_env and database_refusal(exc, db_env) or exc
        problem = problem_said(exc).removeprefix(f"{_roles.FORM}: ")
        problem = _portable.renamed(problem, _portable.server_names(data) if data else ())
        status = _failed_status({"column": exc.column}, data)
        said = _if_gone({"problem": problem, "fix": in_cli_words(exc).fix or ""}, data, status)
        # the file's name begins only the problem of a file gone (the app's own words begin
        # every other, a file named "the" too)
        names = (data["name"], _portable.portable_name(data)) if status == 410 else ()
        return web.error_page(
            request, 422, said["problem"], said["fix"], _THRESHOLD, _back(audit), names
        )
    if web.moved_out(data, _twofiles.joined_of(web, spec)):  # a link out since it was run
        return web.not_listed(request)
    if key and not web.store.claim(*key[:2]):
        known = key if key in web.views else _view_at(web, key, spec)
        if known:  # sent twice while the first looked for its threshold, or typed otherwise
            return redirect(f"/audits/{web.views[known]}")
        if any(k[:2] == key[:2] for k in web.views):  # this page's form sent again, changed
            return web.error_page(request, 409, _USED_FORM, _RELOAD, _THRESHOLD, _back(audit))
        return web.changed_elsewhere(request, audit["id"])
    view_id = web.store.new_request(audit["data_id"], spec, "thresholds")
    if key:
        web.views[key] = view_id
    # a new request is queued at revision 1 (Store.new_request)
    return web.run(request, view_id, spec, "thresholds", data and data["name"], 1)


def _view_at(web, key: tuple, spec: dict) -> tuple | None:
    """The key of the view this form (``key``: its audit and revision) started at ``spec``'s
    threshold, typed otherwise ("0.5" for the one found, "0.50" after "0.5"); else None."""
    for known, view_id in list(web.views.items()):
        row = web.audit_or_none(view_id, ("spec",)) if known[:2] == key[:2] else None
        view = json.loads(row["spec"] or "{}") if row else {}
        if (view.get("thresholds") or {}).get("threshold") == spec["thresholds"]["threshold"]:
            return known
    return None


_RELOAD = "reload the audit's page and press the button again"
_REJOIN = "run the comparison again from its mapping screen: the two files are joined anew"
_USED_FORM = "this page already started a threshold view at another threshold; its form starts one"
_THRESHOLD = "The threshold the predictions used"
_NO_SCORES = {
    False: (
        "the threshold view needs a score column",
        "map a score in [0, 1] and run the audit again",
        _roles.FIELD_LABELS["y_score"],
    ),
    True: ("the threshold view needs scores; this benchmark's audit has none", ""),
}


def _is_benchmark(spec: dict) -> bool:
    return bool((spec.get("target") or {}).get("dataset"))


def has_scores(audit: dict, spec: dict) -> bool:
    """Whether a finished audit had scores (a file's score column, a benchmark's model
    scores): the threshold view can be drawn from its request."""
    if (spec.get("roles") or {}).get("y_score"):
        return True
    config = (json.loads(audit["result"] or "{}") or {}).get("config") or {}
    return bool(config.get("has_scores")) and _is_benchmark(spec)


def _no_result(web, request, audit: dict, what: str):
    """404: an audit not done has no report or download. One queued, running or not run yet
    will have it ('(yet)'); one that failed or was interrupted will not, and says so (a bare
    '(yet)' with no fix read as if it would). Each says why, its page linked."""
    why = {"failed": "it could not run", "interrupted": "it was interrupted"}
    if audit["status"] in why:
        problem = f"this audit has no {what}: {why[audit['status']]}"
        fix = f"open the audit: its page says why; {_again_words(web, audit)}"
    elif audit["status"] in ("queued", "running"):
        problem = f"no {what} for this audit (yet): it is still running"
        fix = "wait until its page says it is done"
    else:  # a draft: its mapping not sent yet
        problem = f"no {what} for this audit (yet): it has not been run"
        fix = "open the audit, check the mapping there and run it"
    return web.error_page(request, 404, problem, fix, link=_back(audit))


def _again_words(web, audit: dict) -> str:
    """What a failed or interrupted audit's page offers, as its button says it (audit.html):
    'Run it again' for a run the server stopped (nothing to fix), 'Fix the mapping' for a
    file's, and 'Start again' for a benchmark's (its columns are fixed: no mapping) or one
    whose data is gone."""
    if _runs_again(audit):
        return "run it again there"
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    if _has_mapping(data):
        return "fix the mapping there and run it again"
    if data is not None:  # a benchmark
        return "start a new benchmark audit from the home page with other settings"
    return "start again from the home page"


def _unfinished_config(web, audit: dict) -> str | None:
    """The config file of a request that failed or was interrupted (its request known), or
    None: offered, with the joined table it names, so that whoever runs the audits reruns the
    request from the command line (``_portable.run_note``: a failed one fails the same way). A
    stored request the config cannot say (a request refused as one) has none."""
    if audit["status"] not in ("failed", "interrupted"):
        return None
    try:
        return _portable.config_text(web, audit)
    except (EthicLensInputError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _back(audit: dict) -> tuple[str, str]:
    return (f"/audits/{audit['id']}", "Back to the audit")


async def _with_threshold(spec: dict, typed: str) -> dict:
    """The threshold view's request of an audit: the audit's, less what the view does not
    take (its model card, gate, interval method), marking the threshold the predictions
    used: the one found from the rows, or the one typed when the rows agree (``_audited``);
    refused when neither is known or they disagree, never 0.5 assumed."""
    from ..spec import AuditSpec

    typed = typed.strip() or typed  # empty: found; blanks only: refused, as --threshold '  '
    given = None
    if typed:  # read by every face's rule: no '0_5' read as 5, no '٣'
        given = number_text(
            typed,
            "threshold",
            fix="give the threshold the predictions used, e.g. 0.7 (score >= 0.7: positive)",
        )
        given = _number_as_typed(typed) if abs(given) == float("inf") else given  # 1e400
        try:  # its range, by the spec's rule, before the rows are read
            AuditSpec.from_dict({**spec, "thresholds": {"threshold": given}}, source=_roles.FORM)
        except EthicLensInputError as exc:  # the threshold as typed: -1, not -1.0
            exc.value = _roles.typed_value(exc.value, typed) if exc.value == given else exc.value
            raise
    try:  # the view's own draws against the audit's level, before the rows are read
        view = AuditSpec.from_dict(spec, source=_roles.FORM).without_unused("thresholds")
        _roles.check_request(view.to_dict(), "thresholds")
    except EthicLensInputError as exc:  # the form's field is the threshold: say whose level
        problem = f"the audit's confidence level, at the view's draws: {exc.problem}"
        fix = in_cli_words(exc).fix  # the words for files, not pandas code
        raise EthicLensInputError(problem, column=exc.column, value=exc.value, fix=fix) from None
    # the rows checked against a typed threshold (never marked "audited" unchecked), else
    # they give it; refused, with the fix of typing it, when they do not tell
    threshold = await in_thread(audited_of, spec, given)
    view = {**spec, "thresholds": {**(spec.get("thresholds") or {}), "threshold": threshold}}
    return AuditSpec.from_dict(view, source=_roles.FORM).without_unused("thresholds").to_dict()


async def report(request):
    from starlette.responses import HTMLResponse

    web = web_of(request)
    audit = web.audit_or_none(request.path_params["audit_id"], ())  # its report's own text
    if audit is None:  # as every page of an unknown id, never 'no report (yet)'
        return web.no_such_audit(request)
    if audit["status"] != "done":
        return _no_result(web, request, audit, "report")
    response = HTMLResponse(audit["html"])
    response.headers["content-security-policy"] = REPORT_CSP
    response.headers["x-frame-options"] = "SAMEORIGIN"
    return response


async def download(request):
    from starlette.responses import FileResponse, Response

    web = web_of(request)
    kind = request.path_params["kind"]
    # the columns the download reads (the report, the card, the PDF: only their own text)
    read = {"json": ("result",), "config": ("spec", "error"), "table": ("spec",)}.get(kind, ())
    audit = web.audit_or_none(request.path_params["audit_id"], read)
    if audit is None:
        return web.no_such_audit(request)
    unfinished = kind in ("config", "table") and _unfinished_config(web, audit) is not None
    if audit["status"] != "done" and not unfinished:
        return _no_result(web, request, audit, "result")
    if kind == "table":  # the joined table of a two-upload comparison, which the config names
        joined = _twofiles.joined_of(web, json.loads(audit["spec"]))
        if joined is None:
            return web.error_page(request, 404, "no such download", "")
        if web.moved_out(joined):
            return web.not_listed(request)
        name = _portable.portable_name(joined)
        if not Path(joined["path"]).is_file():  # removed from the server since
            gone = f"{name} does not exist on this server any more"
            return web.error_page(request, 410, gone, _REJOIN, link=_back(audit), name=(name,))
        return FileResponse(joined["path"], filename=name)
    if kind == "pdf" and audit["purpose"] == "audit":
        return await _pdf(web, request, audit)
    found = _portable.download_of(web, audit, kind)
    if found is None:
        return web.error_page(request, 404, "no such download", "")
    body, media, name = found
    response = Response(body, media_type=media)
    response.headers["content-disposition"] = f'attachment; filename="{name}"'
    if kind == "html":
        response.headers["content-security-policy"] = REPORT_CSP
    return response


async def _pdf(web, request, audit: dict):
    """The library's PDF of the report: printed on first download, then kept. HEAD never
    prints (a browser each): it answers with the stored PDF's headers, or a PDF's without
    its length."""
    from starlette.responses import Response

    if request.method == "HEAD" and not audit["pdf"]:
        pdf = b"" if _portable.pdf_available() else None
    else:
        try:
            pdf = await _printed(web, audit)
        except _PrintFailed:  # a renderer is there: this print failed, the next may not
            failed = web.error_page(
                request,
                503,
                "printing the PDF failed (the renderer stopped before it finished): try again",
                "download the PDF again in a moment, or open the report and print it from the "
                "browser",
            )
            failed.headers["retry-after"] = "5"
            return failed
    if pdf is None:
        return web.error_page(
            request,
            404,
            "this server cannot print PDFs (no renderer available)",
            "open the report and print it from the browser (its print stylesheet lays "
            "out the pages)",
        )
    response = Response(pdf, media_type="application/pdf")
    if not pdf:  # HEAD before the first print: its length is not known
        del response.headers["content-length"]
    name = f"{_portable.stem_of(audit)}.pdf"
    response.headers["content-disposition"] = f'attachment; filename="{name}"'
    return response


class _PrintFailed(Exception):
    """The renderer is installed but its print failed (it crashed, was killed, ran out of
    time): worth a retry, unlike a server with no renderer."""


# headless browsers printing reports at once on this server (each takes about 1 GB)
PDF_PRINTS = 2
# per event loop: ({audit id: [its print's lock, requests holding or awaiting it]}, the bound)
_PRINTING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def _printed(web, audit: dict) -> bytes | None:
    """The audit's stored PDF, else printed and stored (None: this server cannot print;
    :class:`_PrintFailed`: it could, but this print failed, and the next request tries): one
    print of an audit at a time, the requests that come meanwhile wait for it and take the
    stored PDF; at most ``PDF_PRINTS`` prints at once on the server."""
    if audit["pdf"]:
        return audit["pdf"]
    loop = asyncio.get_running_loop()
    locks, bound = _PRINTING.setdefault(loop, ({}, asyncio.Semaphore(PDF_PRINTS)))
    entry = locks.setdefault(audit["id"], [asyncio.Lock(), 0])
    entry[1] += 1
    try:
        async with entry[0]:
            stored = web.store.audit(audit["id"])  # printed while this request waited
            if stored and stored["pdf"]:
                return stored["pdf"]
            async with bound:
                pdf = await in_thread(_portable.print_pdf, audit["html"])
            if pdf:
                web.store.set_pdf(audit["id"], pdf)
            elif await in_thread(_portable.pdf_available):  # installed: this print failed
                log.warning(
                    "printing the PDF of audit %s failed; the next request tries again", audit["id"]
                )
                raise _PrintFailed
            return pdf
    finally:
        entry[1] -= 1
        if not entry[1]:
            locks.pop(audit["id"], None)


def _flagged_shown(result: dict, purpose: str) -> Masked | None:
    """The flagged comparisons as the history records them, each piece of user text masked
    alone (a summary's own list, read when no comparison is flagged, each entry whole); None
    for a damaged record, whose stored list the page shows (each entry masked whole)."""
    try:
        flagged = verdict_of(result, purpose, _named_piece)["flagged"]
        if flagged is (result.get("summary") or {}).get("flagged"):
            flagged = [masked_piece(f) for f in flagged]
        return Masked(", ".join(flagged))
    except (KeyError, TypeError, AttributeError):
        return None


def _named_piece(value) -> str:
    """A name (an attribute, a group, a reference) as a page says it: masked alone, then
    quoted when whitespace is around it (``' d'``, as the reports and the terminal say it: a
    browser folds the spaces of a bare `` d`` away, and it read as ``d``)."""
    return spaced_name(masked_piece(value))


def _what(*pieces) -> Masked:
    """'attribute: group vs reference' (or 'attribute: group'), each piece masked alone and
    quoted when spaced (:func:`_named_piece`)."""
    said = f"{_named_piece(pieces[0])}: {_named_piece(pieces[1])}"
    return Masked(said + "".join(f" vs {_named_piece(p)}" for p in pieces[2:]))


def _plain_lines(result: dict, purpose: str) -> list[dict]:
    """One line per comparison, in the library's words (status and reason from the JSON)."""
    if purpose == "thresholds":
        return _threshold_lines(result)
    if purpose == "compare":
        return _compare_lines(result)
    return [
        {
            "status": c.get("status", ""),
            "what": _what(c.get("attribute"), c.get("group"), c.get("reference")),
            "text": masked_names(judged_reason(c), _names(c)),
        }
        for c in result.get("comparisons", [])
    ]


def _compare_lines(result: dict) -> list[dict]:
    """One line per comparison of two models: each model's status with its audit's reason
    (:func:`judged_reason`, as for one model), and whether the verdict changed."""
    models, audits = result.get("models") or {}, result.get("audits") or {}

    def said_of(which: str, v: dict) -> str:
        keys = ("attribute", "group", "reference")
        key = tuple(str(v.get(k)) for k in keys)
        comparisons = (audits.get(which) or {}).get("comparisons", [])
        same = (c for c in comparisons if tuple(str(c.get(k)) for k in keys) == key)
        reason = masked_names(judged_reason(next(same, {"status": None})), _names(v))
        return masked_piece(v[f"status_{which}"]) + (f" — {reason}" if reason else "")

    return [
        {
            "status": v["status_b"],
            "what": _what(v["attribute"], v["group"], v["reference"]),
            "text": Masked(
                f"model A ({masked_piece(models.get('a'))}): {said_of('a', v)}; "
                f"model B ({masked_piece(models.get('b'))}): {said_of('b', v)}"
                + (" (the verdict changed)" if v.get("changed") else "")
            ),
        }
        for v in result.get("verdicts", [])
    ]


def _names(c: dict) -> tuple:
    """The user names a comparison's reason may hold: its attribute, group and reference."""
    return c.get("attribute"), c.get("group"), c.get("reference")


PASSED = "every interval lies inside the policy's limits"  # a PASS line (the report lists none)


def judged_reason(c: dict) -> str:
    """Why a comparison of the result JSON has its status, in the report's words
    (``report.plain_reason``, as its first page says it): the flag's reason, else the reason
    of each policy metric judged as the comparison is, and each policy metric that is
    undefined with its reason whichever set the status."""
    from ..report import plain_reason

    status = c.get("status") or ""
    if not status:
        return ""
    metrics = {
        key: SimpleNamespace(status=m.get("status"), reason=m.get("reason"))
        for key, m in (c.get("metrics") or {}).items()
        if isinstance(m, dict)
    }
    read = SimpleNamespace(status=status, flag_reason=c.get("flag_reason"), metrics=metrics)
    reason = plain_reason(read)
    bare = status.replace("_", " ").lower()  # plain_reason's words when it has no reason
    return PASSED if status == "PASS" and reason == bare else reason


def _verdict_sentence(counts: dict) -> str:
    """The report's verdict sentence ('Of 2 comparisons, 1 is undefined: …', or that none
    was made) from a finished request's comparisons per status."""
    from ..report import verdict_sentence

    statuses = [
        SimpleNamespace(status=status)
        for status, n in counts.items()
        for _ in range(n if isinstance(n, int) else 0)
    ]
    return verdict_sentence(SimpleNamespace(comparisons=statuses))


def _threshold_lines(result: dict) -> list[dict]:
    by_pair: dict = {}
    for row in result.get("rows", []):
        if row.get("status"):
            by_pair.setdefault((row["attribute"], row["group"]), []).append(row)
    lines = []
    for (attr, group), rows in by_pair.items():
        at = next((r["status"] for r in rows if r.get("audited")), "")
        flagged = [exact_number(r["threshold"]) for r in rows if r["status"] == "FLAGGED"]
        lines.append(
            {
                "status": at,
                "what": _what(attr, group),
                "text": f"at the audited threshold {exact_number(result['audited_threshold'])}; "
                + (f"FLAGGED at {', '.join(flagged)}" if flagged else "FLAGGED at none"),
            }
        )
    return lines
