"""The data screen: upload a file, pick one from the data folder, name a database table, or run
a shipped benchmark. Each ends on the mapping screen (or, for a benchmark, the audit)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import NoReturn
from urllib.parse import unquote

from .._checks import did_you_mean, names_words
from .._secrets import mask_secrets, mask_typed_url, url_shaped, url_text
from ..errors import EthicLensInputError, in_cli_words
from . import _roles
from ._jobs import NOT_LISTED, database_refusal
from ._routes_audit import form_key, mapping_again
from ._store import new_id
from ._twofiles import FILE_KINDS
from ._uploads import (
    FORM_ROOM,
    StreamedUpload,
    UploadError,
    check_column_names,
    check_content,
    display_name,
    one_column,
    request_too_large,
    unreadable_parquet,
    without_server_path,
)
from ._web import (
    cut_value,
    digits_number,
    in_thread,
    listed_file,
    problem_said,
    redirect,
    repeated_name,
    said,
    typed_shown,
    web_of,
)

# the data screen's error places: the page's top and the fields of its forms
GROUP_EDITS = {"merge"}  # the home form's group edits: group names, never masked as a URL
HOME_FIELDS = {"form", "file", "path", "benchmark", "dataset", "score", "merge", "n_boot"}
DATABASE_FIELDS = {"database", "db", "table"}  # drawn when the server has databases
TABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?")


def _refused_form(web, request, errors: dict, at: str, form: dict):
    """422: the data screen with the form as sent and each error by its field; one whose field
    the screen does not draw goes to the top of form ``at`` (``benchmark``, ``database``), or
    of the page when that form is not drawn (a server without databases)."""
    shown = HOME_FIELDS | (DATABASE_FIELDS if web.config.databases else set())
    errors = _roles.placed(errors, shown, at if at in shown else "form")
    # a database URL typed into a field is drawn again with its password masked, and any
    # credential in the table's (a name of letters, digits and _: nothing of one is lost);
    # a visitor's URL is not remembered (mask_typed_url): it would mask words in every message
    # (a group edit is group names, data: only a whole scheme:// URL there is masked)
    typed = _typed_urls({k: v for k, v in form.items() if k not in GROUP_EDITS})
    errors = {k: _replaced(text, typed) for k, text in errors.items()}  # (dataset, score, ...)
    form = {
        k: _group_edit_shown(v) if k in GROUP_EDITS else typed_shown(v) for k, v in form.items()
    }
    if isinstance(form.get("table"), str):
        form["table"] = mask_secrets(form["table"])
    return web.home_page(request, 422, errors=errors, form=form)


def _group_edit_shown(value):
    """A group edit's text (``merge``) as typed: group names are data, and one holding ':' and
    '@' ('sex:F@site1,F@site2=F') is no scheme-less URL, which masked was lost from the form
    sent again; a whole URL (``scheme://``) masked, as before."""
    return (
        mask_typed_url(url_text(value)) if isinstance(value, str) and url_shaped(value) else value
    )


def _typed_urls(form: dict) -> dict[str, str]:
    """Each value of ``form`` that :func:`typed_shown` masks, as typed and as its field reads
    it (spaces and invisible characters around it dropped): its masked text."""
    out = {}
    for value in form.values():
        if isinstance(value, str) and typed_shown(value) != value:
            out[value] = typed_shown(value)
            read = url_text(value).strip()
            out[read] = typed_shown(read)
    return out


def _replaced(text, typed: dict[str, str]):
    """An error's ``text`` with each typed URL of ``typed`` masked, the longest first; a
    :class:`Masked` line stays one."""
    for raw in sorted(typed, key=len, reverse=True):
        text = type(text)(text.replace(raw, typed[raw])) if raw else text
    return text


async def home(request):
    return web_of(request).home_page(request, 200)


def _new_data(web, name: str, path: Path, kind: str, size: int, sha: str | None) -> str:
    """Profile a file (so roles can be proposed) and record it; the data row's id."""
    try:
        prof = _roles.profile(path, kind)
    except EthicLensInputError as exc:
        if exc.__cause__ is None:  # the library's own refusal (a path refused): its own fix
            problem = problem_said(exc)  # not "cannot be read as a table ... Fix: ... Fix: ..."
            fix = in_cli_words(exc).fix  # the words for files, not pandas code
            raise UploadError(without_server_path(problem, path, name), fix=fix) from None
        _unread(exc, path, name, kind)
    except (ValueError, OSError) as exc:
        _unread(exc, path, name, kind)
    check_column_names(c["name"] for c in prof["columns"])
    if len(prof["columns"]) == 1:  # a Parquet table of one column, as a CSV's is refused
        raise one_column(name, prof["columns"][0]["name"])
    return web.store.add_data(
        name=name, kind=kind, path=str(path), size=size, sha256=sha, profile=json.dumps(prof)
    )


def _unread(exc, path: Path, name: str, kind: str) -> NoReturn:
    """The refusal of a file pandas or Arrow could not read as a table (pandas' ParserError
    is a ValueError), in their words."""
    exc = exc.__cause__ if isinstance(exc.__cause__, ValueError | OSError) else exc
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]  # pandas', Arrow's
    if kind == "parquet":  # its pages damaged past the footer: as its footer would be
        raise unreadable_parquet(without_server_path(first, path, name)) from None
    raise UploadError(
        f"the file cannot be read as a table: {without_server_path(first, path, name)}",
        fix="every row needs as many fields as the header, and quotes must close; "
        "export the table again",
    ) from None


def _too_large(web, request):
    """413 before a byte is read when the declared length is over the limit and the room of
    the form around the file (the body is not drained: the client sees the answer at once):
    the request's size is all that is known, so the refusal says the upload is too large."""
    length = digits_number(request.headers.get("content-length"))
    if length is None or length <= web.config.max_upload + FORM_ROOM:
        return None
    problem = request_too_large(length, web.config.max_upload)
    return web.home_page(request, 413, errors={"file": said(problem)})


async def _receive(request, part: Path, limit: int) -> StreamedUpload:
    """The multipart body, its file part streamed to ``part`` and counted as it arrives."""
    parser = StreamedUpload(request.headers.get("content-type", ""), part, limit)
    try:
        async for chunk in request.stream():
            parser.feed(chunk)
        parser.finish()
    finally:
        parser.close()
    return parser


def _model_b_of(web, request) -> dict | None:
    """The draft audit an upload is model B's file for (``/upload?for=ID``, the mapping
    screen's own upload form), or None for a new audit."""
    audit_id = request.query_params.get("for")
    if audit_id is None:
        return None
    audit = web.audit_or_none(audit_id)
    if audit is None or audit["status"] != "draft":
        raise UploadError(
            f"the audit this file was sent for (the parameter 'for' is {cut_value(audit_id)!r}) is "
            "gone or already running",
            fix="open the audit again from the history",
            column="model_b",
        )
    data = web.store.data(audit["data_id"]) if audit["data_id"] else None
    if data is None or data["kind"] not in FILE_KINDS:  # a table, a benchmark: no join
        raise UploadError(  # as the mapping form refuses model B's file for one
            "model B's file can only be compared with an uploaded file",
            fix="upload model A's predictions as a file, then model B's from its mapping "
            "screen; or compare two prediction columns of the table",
            column="model_b",
        )
    return audit


async def upload(request):
    web = web_of(request)
    if refused := _too_large(web, request):
        return refused
    if repeated := repeated_name(request.query_params.multi_items()):  # ?for= twice
        return web.repeated_refusal(request, repeated)
    stem = new_id()
    part = web.config.data_dir / "uploads" / f"{stem}.partial.csv"  # .csv: preflight reads it
    part.parent.mkdir(exist_ok=True)  # removed while the server ran: made again, not a 500
    final, data_id, for_audit = None, None, None
    try:
        for_audit = _model_b_of(web, request)
        parser = await _receive(request, part, web.config.max_upload)
        if refused := web.csrf_refusal(request, parser.fields.get("csrf")):
            return refused
        if parser.filename is None:
            raise UploadError("no file was sent", fix="choose a CSV or Parquet file")
        name, sha = display_name(parser.filename), parser.sha.hexdigest()
        kind = await in_thread(check_content, part, web.config.max_upload, name)
        final = part.with_name(f"{stem}.{'csv' if kind == 'csv' else 'parquet'}")
        os.replace(part, final)
        data_id = await in_thread(_new_data, web, name, final, kind, parser.size, sha)
    except EthicLensInputError as exc:
        return _refused_upload(web, request, exc, for_audit)
    finally:
        if part.exists():
            part.unlink()
        if data_id is None and final is not None and final.exists():
            final.unlink()  # refused after the rename: nothing is kept
    if for_audit:  # model B's file: back to model A's mapping, with B chosen
        return redirect(f"/audits/{for_audit['id']}/mapping?b={data_id}")
    return redirect(f"/audits/{web.store.new_audit(data_id)}/mapping")


def _refused_upload(web, request, exc: EthicLensInputError, for_audit: dict | None):
    """The data screen with the refusal by the file field; for model B's file, model A's
    mapping screen with it by model B's field."""
    status = getattr(exc, "status", 400)
    if for_audit is None and exc.column != "model_b":
        return web.home_page(request, status, errors={"file": said(exc)})
    if for_audit is None:
        return web.error_page(
            request,
            status,
            problem_said(exc),
            in_cli_words(exc).fix or "",
            _roles.FIELD_LABELS["model_b"],
        )
    return mapping_again(web, request, for_audit, {"model_b": said(exc)}, status)


# the home page's forms' fields by their words on the page (a field sent twice is named so)
HOME_LABELS = {
    "path": "Files in the data folder",
    "db": "Database",
    "table": "Table",
    "dataset": "Benchmark",
    "score": "Predictions audited",
    "merge": "Merge groups",
    "n_boot": "Interval draws",
}


async def pick(request):
    web = web_of(request)
    form, refused = await web.checked_form(request, inline=True, labels=HOME_LABELS)
    if refused:
        return refused
    if form["too_long"]:
        return _refused_form(web, request, form["too_long"], "path", form)
    try:  # a name with a password is listed (and sent back) masked: read as the one it shows
        rel = listed_file(listed_name(form.get("path") or ""), web.server_files())
    except EthicLensInputError as exc:
        return web.home_page(request, 400, errors={"path": said(exc)})
    path = rel and _in_data_folder(web.config.data_dir, rel)
    # One rule: only a listed file is opened; any other path (outside the folder, a link out
    # of it, 'sub/../x', '.', none) is 403 with the same words, so the answer says nothing of
    # what exists on the server
    if not rel or path is None:
        return web.home_page(request, 403, errors={"path": "{}. Fix: {}".format(*NOT_LISTED)})
    try:
        kind = await in_thread(check_content, path, web.config.max_upload, rel)
        data_id = await in_thread(_new_data, web, rel, path, kind, path.stat().st_size, None)
    except EthicLensInputError as exc:
        return web.home_page(request, getattr(exc, "status", 400), errors={"path": said(exc)})
    return redirect(f"/audits/{web.store.new_audit(data_id)}/mapping")


def listed_name(sent: str) -> str:
    """The data-folder file a /pick form names: its option's value is "/" then the name
    percent-encoded (home.html), so two spaces, a newline or a bidi control come back exactly
    (a listed name is relative: it never starts with "/"); a name sent as is is kept."""
    return unquote(sent[1:]) if sent.startswith("/") else sent


def _in_data_folder(root: Path, rel: str) -> Path | None:
    """``rel`` resolved under the data folder (not its uploads), or None: outside it, or no
    path at all (a NUL byte, a name the file system refuses)."""
    try:
        path = (root / rel).resolve()
    except (ValueError, OSError):
        return None
    inside = path.is_relative_to(root) and not path.is_relative_to(root / "uploads")
    return path if inside else None


async def database(request):
    from ..sources import sql_columns

    web = web_of(request)
    form, refused = await web.checked_form(request, inline=True, labels=HOME_LABELS)
    if refused:
        return refused
    env_name, table = form.get("db") or "", (form.get("table") or "").strip()
    errors = dict(form["too_long"])  # an over-long field is named as such, not as missing
    if env_name not in web.config.databases and "db" not in errors:  # typed by hand too
        errors["db"] = _unknown_database(env_name, list(web.config.databases))
    if "table" not in errors and not TABLE.fullmatch(table):  # none typed, or not a name
        what = "the table name is missing"
        if table:
            what = "a table name is letters, digits and _ (schema.table allowed)"
        errors["table"] = f"{what}. Fix: type the table's name, e.g. predictions"
    if not errors:
        try:
            url, flag = os.environ[env_name], f"--db-env {env_name}"  # refused by its name
            names = await in_thread(sql_columns, url, table=table, flag=flag)
        except EthicLensInputError as exc:
            refusal = database_refusal(exc, env_name)  # the database's field, in general terms
            errors["db" if refusal else "table"] = said(refusal or exc)
        except KeyError:
            errors["db"] = f"the environment variable {env_name} is no longer set"
    if not errors:
        try:
            check_column_names(names, "the table")
        except EthicLensInputError as exc:
            errors["table"] = said(exc)
    if errors:
        return _refused_form(web, request, errors, "database", form)
    prof = _roles.columns_only(names, {"db_env": env_name, "table": table})
    data_id = web.store.add_data(name=f"{table} (${env_name})", kind="db", profile=json.dumps(prof))
    return redirect(f"/audits/{web.store.new_audit(data_id)}/mapping")


def _unknown_database(name: str, known: list[str]) -> str:
    """A database field naming none of the server's, as a benchmark's is refused: the value,
    a near miss, the choices."""
    none = " (none: ethiclens serve --db-env NAME names one)"
    listed = f": {names_words(known)}" if known else none
    # a URL typed in: masked, its secrets not remembered (a visitor's words masked for all)
    shown = typed_shown(name)
    return (
        f"unknown database (value: {shown!r}). Fix: {did_you_mean(shown, known)}choose one of "
        f"the databases this server was started with{listed}"
    )


def _benchmark_spec(form: dict, errors: dict) -> dict:
    """The request of the benchmark form; problems go into ``errors`` by field."""
    from .. import datasets
    from ..spec import parse_merges

    name = form.get("dataset") or ""
    try:  # the command line's words (ethiclens audit COMPAS): the value, a near miss named
        datasets.get_entry(name, "audit", flag="dataset")
    except EthicLensInputError as exc:
        errors["dataset"] = said(exc)
    spec: dict = {"target": {"dataset": name}, "groups": {}, "policy": {}, "model": {}}
    # target.score, the predictions audited: any value given is the request's, so that the
    # library's checks refuse one it does not know, or decile for a benchmark without it
    score = form.get("score") or ""  # blanks only: refused, as --score '  ' is
    score = score.strip() or score
    if score:
        spec["target"]["score"] = score
    try:  # the benchmark's attributes: a line of one group of none of them names it unknown
        attributes = () if "dataset" in errors else datasets.get_entry(name).protected
        if _roles.lines(form.get("merge")):
            merges = tuple(_roles.lines(form.get("merge")))
            spec["groups"]["merge"] = parse_merges(merges, list(attributes))
    except EthicLensInputError as exc:
        errors["merge"] = _roles.group_edit_error(exc)
    _roles.policy_from_form(form, spec, errors)
    if not errors:
        try:
            _roles.check_request(spec, "audit", form)
        except EthicLensInputError as exc:
            errors[_roles.field_of(exc, [], spec)] = said(exc)
    if "dataset" not in errors:  # after the request's checks, as the run checks it
        attributes = datasets.get_entry(name).protected
        for col in spec["groups"].get("merge", {}):
            if (unknown := _roles.unknown_attribute(col, attributes, [])) and "merge" not in errors:
                errors["merge"] = unknown
    return spec


async def benchmark(request):
    web = web_of(request)
    form, refused = await web.checked_form(request, inline=True, labels=HOME_LABELS)
    if refused:
        return refused
    errors: dict[str, str] = dict(form["too_long"])
    spec = _benchmark_spec(form, errors)
    if errors:
        return _refused_form(web, request, errors, "benchmark", form)
    # the page's form sent again as it was (a double click, a re-post): the audit it queued
    sent = form.get("form_id") or ""
    key = (sent, form_key(form)) if re.fullmatch(r"[0-9a-f]{24}", sent) else None
    if key in web.benchmarks:
        return redirect(f"/audits/{web.benchmarks[key]}")
    name = spec["target"]["dataset"]
    data_id = web.store.add_data(name=name, kind="benchmark", dataset=name)
    audit_id = web.store.new_audit(data_id)
    queued = web.queue(request, audit_id, 0, spec, "audit")
    if key and queued.status_code == 303:
        web.benchmarks[key] = audit_id
    return queued
