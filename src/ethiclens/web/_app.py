"""The Starlette application behind ``ethiclens serve``.

Pages are rendered on the server (Jinja2, autoescaped); there is no inline script and no asset
from outside the package. Every page builds the same request the CLI builds (an ``AuditSpec``
dict) and the library runs it in a bounded worker pool (``_jobs.Runner``); results, reports and
requests live in the SQLite store, not in memory.

Starlette is imported inside :func:`create_app` only, so ``import ethiclens.web`` works without
the ``web`` extra (ADR 0007: no module imports an extra at module level).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import EthicLensInputError
from . import _roles
from ._jobs import Busy, Runner, default_workers
from ._store import Conflict, Store, is_url, new_id
from ._uploads import StreamedUpload, UploadError, check_content, display_name, limit_text

log = logging.getLogger("ethiclens.web")

HERE = Path(__file__).parent
ID = re.compile(r"^[0-9a-f]{24}$")
DATA_SUFFIXES = (".csv", ".parquet", ".pq")
PANDAS_BYTES = 256 << 20
FORM_BYTES = 1 << 20  # a form other than the upload
TABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?")
SESSION_COOKIE = "ethiclens_session"
TOKEN_COOKIE = "ethiclens_token"

CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-src 'self'; frame-ancestors 'none'"
)
# The library's report is one self-contained page (inline CSS, images as data: URIs, no
# script); it may only be framed by this app's result page.
REPORT_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'; "
    "form-action 'none'; base-uri 'none'; frame-ancestors 'self'"
)


@dataclass
class WebConfig:
    """How the server runs (``ethiclens serve``'s options)."""

    data_dir: Path
    store: Path | None = None
    token: str | None = None  # required from every request when set
    max_upload: int = 1 << 30
    workers: int = field(default_factory=default_workers)
    queue: int = 50
    pool: str = "process"
    allowed_hosts: tuple[str, ...] | None = None  # Host headers accepted (None: any)
    databases: tuple[str, ...] = ()  # environment variables holding database URLs (--db-env)
    monitor_stores: tuple[Path, ...] = ()  # monitor stores shown read-only (--monitor-store)

    def __post_init__(self):
        self.data_dir = Path(self.data_dir).resolve()
        if not self.store:
            self.store = self.data_dir / "ethiclens-web.sqlite"
        elif not is_url(self.store):
            self.store = Path(self.store)
        self.monitor_stores = tuple(Path(p) for p in self.monitor_stores)


def _templates():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["pct"] = lambda v: "—" if v is None else f"{v:.1%}"
    env.filters["num"] = lambda v: "—" if v is None else f"{v:.3f}"
    env.filters["evalue"] = lambda v: "—" if v is None else f"{v:.3g}" if v < 1e6 else f"{v:.2e}"
    return env


def _verdict_word(counts: dict) -> str:
    for word in ("FLAGGED", "INCONCLUSIVE", "INSUFFICIENT_DATA", "PASS"):
        if counts.get(word):
            return word
    return "DONE"


def create_app(config: WebConfig):
    """The ASGI application for ``config`` (``uvicorn.run(create_app(...))``)."""
    from ..spec import AuditSpec

    try:
        from starlette.applications import Starlette
        from starlette.responses import HTMLResponse, RedirectResponse, Response
        from starlette.routing import Route
    except ModuleNotFoundError as exc:  # pragma: no cover - the CLI checks first
        from .._optional import MissingExtraError

        raise MissingExtraError(exc.name or "starlette", "web") from None

    monitors = config.monitor_stores
    if monitors:
        from ..monitor import read_store

        for path in monitors:  # refused at start, with one line, before anything is written
            read_store(path, flag="--monitor-store")
    config.data_dir.mkdir(parents=True, exist_ok=True)
    (config.data_dir / "uploads").mkdir(exist_ok=True)
    store = Store(config.store)
    recovered = store.recover()
    if recovered:
        log.warning("%d audit(s) were interrupted when the server last stopped", recovered)
    runner = Runner(str(config.store), config.workers, config.queue, config.pool)
    env = _templates()
    secret = secrets.token_bytes(32)

    # -- helpers --------------------------------------------------------------------------------
    def csrf_for(sid: str) -> str:
        return hmac.new(secret, sid.encode(), hashlib.sha256).hexdigest()

    def page(request, name: str, code: int = 200, **context) -> HTMLResponse:
        context.setdefault("errors", {})
        html = env.get_template(name).render(
            csrf=request.state.csrf,
            **context,
        )
        return HTMLResponse(html, status_code=code)

    def error_page(request, status: int, problem: str, fix: str = "", field_name: str = ""):
        return page(
            request,
            "error.html",
            status,
            status=status,
            problem=problem,
            fix=fix,
            field=field_name,
        )

    def input_error(request, exc: EthicLensInputError, status: int = 400):
        return error_page(request, status, exc.problem, exc.fix or "", str(exc.column or ""))

    def audit_or_404(audit_id: str):
        if not ID.match(audit_id):
            return None
        return store.audit(audit_id)

    async def check_csrf(request, value: str | None) -> bool:
        expected = request.state.csrf
        return bool(value) and hmac.compare_digest(str(value).encode(), expected.encode())

    async def csrf_refusal(request, value: str | None):
        """The 403 page when a form's security token is missing or wrong; None when it holds."""
        if await check_csrf(request, value):
            return None
        return error_page(
            request,
            403,
            "the form's security token is missing or out of date",
            "reload the page and send the form again",
        )

    async def form_of(request):
        form = await request.form(max_files=0, max_fields=400, max_part_size=64 * 1024)
        data = {k: v for k, v in form.items() if isinstance(v, str)}
        data["protected_list"] = [v for v in form.getlist("protected") if isinstance(v, str)]
        return data

    def profile_of(data_row: dict) -> dict:
        return json.loads(data_row["profile"]) if data_row.get("profile") else {"columns": []}

    # -- pages ----------------------------------------------------------------------------------
    async def home(request):
        return page(request, "home.html", **_home_context())

    def server_files() -> list[str]:
        out = []
        for path in sorted(config.data_dir.rglob("*")):
            rel = path.relative_to(config.data_dir)
            if rel.parts and rel.parts[0] in ("uploads",) or path.name.startswith("."):
                continue
            if (
                path.suffix.lower() in DATA_SUFFIXES
                and path.is_file()
                and not path.is_symlink()
                and path.resolve().is_relative_to(config.data_dir)  # not through a linked folder
            ):
                out.append(rel.as_posix())
            if len(out) >= 200:
                break
        return out

    def new_data_audit(name: str, path: Path, kind: str, size: int, sha: str):
        try:
            prof = _roles.profile(path, kind)
        except (ValueError, OSError) as exc:  # pandas' ParserError is a ValueError
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise UploadError(
                f"the file cannot be read as a table: {first.replace(str(path), 'the file')}",
                fix="every row needs as many fields as the header, and quotes must close; "
                "export the table again",
            ) from None
        data_id = store.add_data(name=name, kind=kind, path=str(path), size=size, sha256=sha)
        store.set_profile(data_id, json.dumps(prof))
        return store.new_audit(data_id)

    async def upload(request):
        length = request.headers.get("content-length")
        if length and length.isdigit() and int(length) > config.max_upload + 64 * 1024:
            # refused before a byte is read (the body is not drained: the client sees 413)
            problem = UploadError(
                f"the file is larger than this server's limit of {limit_text(config.max_upload)}",
                fix="upload a smaller extract, or start the server with a larger --max-upload",
            )
            return page(
                request, "home.html", 413, **_home_context(), errors={"file": _said(problem)}
            )
        stem = new_id()
        part = config.data_dir / "uploads" / f"{stem}.partial.csv"  # .csv: preflight reads it
        final, audit_id = None, None
        try:
            parser = StreamedUpload(
                request.headers.get("content-type", ""), part, config.max_upload
            )
            try:
                async for chunk in request.stream():
                    parser.feed(chunk)
            finally:
                parser.close()
            if refused := await csrf_refusal(request, parser.fields.get("csrf")):
                return refused
            if parser.filename is None:
                raise UploadError("no file was sent", fix="choose a CSV or Parquet file")
            kind = await _in_thread(check_content, part, config.max_upload)
            final = part.with_name(f"{stem}.{'csv' if kind == 'csv' else 'parquet'}")
            os.replace(part, final)
            audit_id = await _in_thread(
                new_data_audit,
                display_name(parser.filename),
                final,
                kind,
                parser.size,
                parser.sha.hexdigest(),
            )
        except UploadError as exc:
            return page(
                request, "home.html", exc.status, **_home_context(), errors={"file": _said(exc)}
            )
        except EthicLensInputError as exc:
            return page(request, "home.html", 400, **_home_context(), errors={"file": _said(exc)})
        finally:
            if part.exists():
                part.unlink()
            if audit_id is None and final is not None and final.exists():
                final.unlink()  # refused after the rename: nothing is kept
        return RedirectResponse(f"/audits/{audit_id}/mapping", status_code=303)

    def _home_context() -> dict:
        from .. import datasets

        return {
            "databases": config.databases,
            "benchmarks": [n for n in datasets.DATASETS if n != "bios"],
            "files": server_files(),
            "limit": limit_text(config.max_upload),
            "history": store.history(limit=5),
        }

    async def pick(request):
        form = await form_of(request)
        if refused := await csrf_refusal(request, form.get("csrf")):
            return refused
        rel = form.get("path") or ""
        path = (config.data_dir / rel).resolve()
        inside = path.is_relative_to(config.data_dir) and not path.is_relative_to(
            config.data_dir / "uploads"
        )
        if not rel or not inside or rel not in server_files():
            return page(
                request,
                "home.html",
                403 if rel and not inside else 404,
                **_home_context(),
                errors={
                    "path": "not a data file in this server's data folder: only the files "
                    "listed can be audited. Fix: pick one from the list, or upload a file"
                },
            )
        try:
            kind = await _in_thread(check_content, path, config.max_upload)
            audit_id = await _in_thread(new_data_audit, rel, path, kind, path.stat().st_size, None)
        except EthicLensInputError as exc:
            status = getattr(exc, "status", 400)
            return page(
                request, "home.html", status, **_home_context(), errors={"path": _said(exc)}
            )
        return RedirectResponse(f"/audits/{audit_id}/mapping", status_code=303)

    async def database(request):
        from ..sources import sql_columns

        form = await form_of(request)
        if refused := await csrf_refusal(request, form.get("csrf")):
            return refused
        env_name, table = form.get("db") or "", (form.get("table") or "").strip()
        errors = {}
        if env_name not in config.databases:
            errors["db"] = "choose one of the databases this server was started with"
        if not TABLE.fullmatch(table):
            errors["table"] = (
                "a table name is letters, digits and _ (schema.table allowed). "
                "Fix: type the table's name, e.g. predictions"
            )
        if not errors:
            try:
                names = await _in_thread(sql_columns, os.environ[env_name], table=table)
            except EthicLensInputError as exc:
                errors["table"] = _said(exc)
            except KeyError:
                errors["db"] = f"the environment variable {env_name} is no longer set"
        if errors:
            return page(request, "home.html", 422, **_home_context(), errors=errors)
        prof = _roles.columns_only(names, {"db_env": env_name, "table": table})
        data_id = store.add_data(name=f"{table} (${env_name})", kind="db")
        store.set_profile(data_id, json.dumps(prof))
        audit_id = store.new_audit(data_id)
        return RedirectResponse(f"/audits/{audit_id}/mapping", status_code=303)

    async def benchmark(request):
        from .. import datasets

        form = await form_of(request)
        if refused := await csrf_refusal(request, form.get("csrf")):
            return refused
        name = form.get("dataset") or ""
        errors: dict[str, str] = {}
        if name not in datasets.DATASETS or name == "bios":
            errors["dataset"] = "choose one of the listed benchmarks"
        spec: dict = {"target": {"dataset": name}, "groups": {}, "policy": {}, "model": {}}
        if name == "compas" and form.get("score") == "decile":
            spec["target"]["score"] = "decile"
        try:
            if _roles._lines(form.get("merge")):
                from ..spec import parse_merges

                spec["groups"]["merge"] = parse_merges(tuple(_roles._lines(form.get("merge"))))
        except EthicLensInputError as exc:
            errors["merge"] = _said(exc)
        _roles.policy_from_form(form, spec, errors)
        if not errors:
            try:
                AuditSpec.from_dict(spec, source="the form")
            except EthicLensInputError as exc:
                errors[_roles.field_of(exc, [], spec)] = _said(exc)
        if errors:
            return page(request, "home.html", 422, **_home_context(), errors=errors, form=form)
        data_id = store.add_data(name=name, kind="benchmark", dataset=name)
        audit_id = store.new_audit(data_id)
        return queue(request, audit_id, 0, spec, "audit")

    def queue(request, audit_id: str, rev: int, spec: dict, purpose: str, title=None):
        try:
            store.submit(audit_id, rev, spec, purpose)
        except Conflict:
            return error_page(
                request,
                409,
                "this audit was changed in another tab or window since this page was loaded",
                "open the audit again to see its current state",
            )
        try:
            runner.submit(audit_id, spec, purpose, title)
        except Busy:
            store.fail(
                audit_id,
                {
                    "problem": "the server is busy (the audit queue is full)",
                    "column": None,
                    "fix": "try again in a few minutes",
                    "message": "busy",
                },
            )
            return error_page(
                request,
                503,
                "the server is busy: the audit queue is full",
                "try again in a few minutes",
            )
        return RedirectResponse(f"/audits/{audit_id}", status_code=303)

    async def mapping(request):
        audit_id = request.path_params["audit_id"]
        audit = audit_or_404(audit_id)
        if audit is None:
            return error_page(request, 404, "no such audit", "start from the home page")
        data = store.data(audit["data_id"]) if audit["data_id"] else None
        if data is None or data["kind"] == "benchmark":
            return RedirectResponse(f"/audits/{audit_id}", status_code=303)
        prof = profile_of(data)
        if request.method == "GET":
            if audit["status"] != "draft":
                return RedirectResponse(f"/audits/{audit_id}", status_code=303)
            errors = {}
            if audit.get("error"):  # the library's error of the last run, by its field
                err = json.loads(audit["error"])
                exc = EthicLensInputError(err.get("problem", ""), column=err.get("column"))
                spec = json.loads(audit["spec"] or "{}")
                field_name = _roles.field_of(exc, prof_columns(prof), spec)
                errors[field_name] = err.get("problem", "") + (
                    f". Fix: {err['fix']}" if err.get("fix") else ""
                )
            form = form_from_spec(audit, prof)
            return mapping_page(request, audit, data, prof, form, errors, 422 if errors else 200)
        form = await form_of(request)
        if refused := await csrf_refusal(request, form.get("csrf")):
            return refused
        try:
            rev = int(form.get("rev", ""))
        except ValueError:
            rev = -1
        if audit["status"] != "draft" or rev != audit["rev"]:
            return error_page(
                request,
                409,
                "this audit was changed in another tab or window since this page was loaded",
                "open the audit again to see its current state",
            )
        target = {"file": data["path"]}
        if data["kind"] == "db":
            target = dict(prof["source"])
        elif (data.get("size") or 0) <= PANDAS_BYTES:
            # a file that fits in memory is read by pandas (the reference engine, and faster
            # than DuckDB's start-up there); a bigger one by DuckDB, out of core, when installed
            target["engine"] = "pandas"
        spec = None
        try:
            spec, purpose = _roles.form_to_spec(form, prof, target)
            AuditSpec.from_dict(spec, source="the form")
        except _roles.FormErrors as exc:
            return mapping_page(request, audit, data, prof, form, exc.errors, 422)
        except EthicLensInputError as exc:
            errors = {_roles.field_of(exc, prof_columns(prof), spec): _said(exc)}
            return mapping_page(request, audit, data, prof, form, errors, 422)
        return queue(request, audit_id, rev, spec, purpose, data["name"])

    def prof_columns(prof: dict) -> list[str]:
        return [c["name"] for c in prof["columns"]]

    def form_from_spec(audit: dict, prof: dict) -> dict:
        """The form's values: the draft's stored request, else the proposal."""
        cols = prof_columns(prof)
        spec = json.loads(audit["spec"]) if audit.get("spec") else None
        if not spec:
            p = _roles.propose(prof)
            form = {k: p[k] for k in ("y_true", "y_pred", "y_score", "weight")}
            form["protected_list"] = [str(cols.index(c)) for c in p["protected"]]
            for c, edges in p["bins"].items():
                form[f"bins_{cols.index(c)}"] = edges
            form["proposed"] = "1"
            return form
        r, g = spec.get("roles", {}), spec.get("groups", {})
        preds = r.get("y_pred") or []
        form = {
            "y_true": r.get("y_true") or "",
            "y_pred": preds[0] if preds else "",
            "y_pred_b": preds[1] if len(preds) > 1 else "",
            "y_score": r.get("y_score") or "",
            "weight": r.get("weight") or "",
            "positive": r.get("positive") or "",
            "pos_label": "" if r.get("pos_label") is None else str(r.get("pos_label")),
            "protected_list": [],
        }
        for entry in r.get("protected", []):
            col, _, ref = entry.partition("=")
            if col in cols:
                i = cols.index(col)
                form["protected_list"].append(str(i))
                form[f"ref_{i}"] = ref
                if col in g.get("bins", {}):
                    form[f"bins_{i}"] = ",".join(f"{e:g}" for e in g["bins"][col])
        form["merge"] = "\n".join(
            f"{a}={','.join(olds)}:{new}"
            for a, m in g.get("merge", {}).items()
            for new, olds in m.items()
        )
        form["exclude"] = "\n".join(
            f"{a}={grp}" for a, groups in g.get("exclude", {}).items() for grp in groups
        )
        for name, _ in _roles.POLICY_FIELDS:
            if name in spec.get("policy", {}):
                form[name] = str(spec["policy"][name])
        m = spec.get("model", {})
        form["model_name"] = m.get("name") or ""
        form["model_version"] = str(m.get("version") or "")
        form["intended_use"] = m.get("intended_use") or ""
        return form

    def mapping_page(request, audit, data, prof, form, errors, status=200):
        from ..spec import PolicySpec

        defaults = PolicySpec()
        return page(
            request,
            "mapping.html",
            status,
            audit=audit,
            data=data,
            prof=prof,
            form=form,
            errors=errors,
            defaults={name: getattr(defaults, name) for name, _ in _roles.POLICY_FIELDS},
            default_draws=2000,
        )

    async def audit_page(request):
        audit = audit_or_404(request.path_params["audit_id"])
        if audit is None:
            return error_page(request, 404, "no such audit", "start from the home page")
        data = store.data(audit["data_id"]) if audit["data_id"] else None
        if audit["status"] == "draft":
            return RedirectResponse(f"/audits/{audit['id']}/mapping", status_code=303)
        context = {"audit": audit, "data": data, "spec": json.loads(audit["spec"] or "{}")}
        status = 200
        if audit["status"] == "done":
            result = json.loads(audit["result"])
            verdict = json.loads(audit["verdict"] or "{}")
            context.update(
                result=result,
                verdict=verdict,
                word=_verdict_word(verdict.get("status_counts", {})),
                lines=_plain_lines(result, audit["purpose"]),
                pdf=audit["purpose"] == "audit" and pdf_available(),
            )
        elif audit["status"] == "failed":
            context["error"] = json.loads(audit["error"] or "{}")
            status = 422 if context["error"].get("column") else 500
            if context["error"].get("message") == "busy":
                status = 503
        return page(request, "audit.html", status, **context)

    async def reopen(request):
        audit = audit_or_404(request.path_params["audit_id"])
        if audit is None:
            return error_page(request, 404, "no such audit", "start from the home page")
        form = await form_of(request)
        if refused := await csrf_refusal(request, form.get("csrf")):
            return refused
        store.reopen(audit["id"])
        return RedirectResponse(f"/audits/{audit['id']}/mapping", status_code=303)

    async def thresholds(request):
        audit = audit_or_404(request.path_params["audit_id"])
        if audit is None or audit["status"] != "done":
            return error_page(request, 404, "no finished audit here", "")
        form = await form_of(request)
        if refused := await csrf_refusal(request, form.get("csrf")):
            return refused
        spec = json.loads(audit["spec"])
        if not (spec.get("roles") or {}).get("y_score"):
            return error_page(
                request,
                422,
                "the threshold view needs a score column",
                "map a score in [0, 1] and run the audit again",
                "y_score",
            )
        data = store.data(audit["data_id"]) if audit["data_id"] else None
        view_id = store.new_request(audit["data_id"], spec, "thresholds")
        try:
            runner.submit(view_id, spec, "thresholds", data and data["name"])
        except Busy:
            store.fail(
                view_id,
                {
                    "problem": "the server is busy (the audit queue is full)",
                    "column": None,
                    "fix": "try again in a few minutes",
                    "message": "busy",
                },
            )
            return error_page(
                request,
                503,
                "the server is busy: the audit queue is full",
                "try again in a few minutes",
            )
        return RedirectResponse(f"/audits/{view_id}", status_code=303)

    async def report(request):
        audit = audit_or_404(request.path_params["audit_id"])
        if audit is None or audit["status"] != "done":
            return error_page(request, 404, "no report for this audit (yet)", "")
        response = HTMLResponse(audit["html"])
        response.headers["content-security-policy"] = REPORT_CSP
        response.headers["x-frame-options"] = "SAMEORIGIN"
        return response

    async def download(request):
        audit = audit_or_404(request.path_params["audit_id"])
        kind = request.path_params["kind"]
        if audit is None or audit["status"] != "done":
            return error_page(request, 404, "no result for this audit (yet)", "")
        stem = f"ethiclens-{audit['id'][:8]}"
        if kind == "json":
            body, media, name = audit["result"], "application/json", f"{stem}.json"
        elif kind == "html":
            body, media, name = audit["html"], "text/html", f"{stem}.html"
        elif kind == "card" and audit["card"]:
            body, media, name = audit["card"], "text/markdown", f"{stem}-model-card.md"
        elif kind == "pdf" and audit["purpose"] == "audit":
            pdf = audit["pdf"] or await _in_thread(_print_pdf, audit["html"])
            if pdf is None:
                return error_page(
                    request,
                    404,
                    "this server cannot print PDFs (no renderer available)",
                    "open the report and print it from the browser (its print stylesheet lays "
                    "out the pages)",
                )
            if not audit["pdf"]:
                store.set_pdf(audit["id"], pdf)
            body, media, name = pdf, "application/pdf", f"{stem}.pdf"
        elif kind == "csv" and audit["csv"]:
            body, media, name = audit["csv"], "text/csv", f"{stem}-thresholds.csv"
        elif kind == "config":
            body, media, name = _config_text(audit), "application/yaml", f"{stem}.yaml"
        else:
            return error_page(request, 404, "no such download", "")
        response = Response(body, media_type=media)
        response.headers["content-disposition"] = f'attachment; filename="{name}"'
        if kind == "html":
            response.headers["content-security-policy"] = REPORT_CSP
        return response

    async def history(request):
        rows = []
        for row in store.history():
            spec = json.loads(row["spec"] or "{}")
            verdict = json.loads(row["verdict"] or "{}")
            model = (spec.get("model") or {}).get("name")
            rows.append(
                {
                    **row,
                    "model": model,
                    "word": _verdict_word(verdict.get("status_counts", {}))
                    if row["status"] == "done"
                    else row["status"],
                }
            )
        return page(request, "history.html", rows=rows)

    async def diff(request):
        """Two finished audits side by side: request differences, input fingerprints, and each
        comparison's verdict and DI/EO (as the library reported them)."""
        a = audit_or_404(request.query_params.get("a", ""))
        b = audit_or_404(request.query_params.get("b", ""))
        if not a or not b or a["status"] != "done" or b["status"] != "done":
            return error_page(
                request,
                404,
                "choose two finished audits to compare",
                "pick them in the history",
                "a/b",
            )
        if a["purpose"] != "audit" or b["purpose"] != "audit":
            return error_page(
                request,
                422,
                "only audits of one model can be diffed here",
                "pick two audits (not comparisons or threshold views)",
                "a/b",
            )
        ra, rb = json.loads(a["result"]), json.loads(b["result"])
        return page(
            request,
            "diff.html",
            a=a,
            b=b,
            spec_changes=_spec_changes(json.loads(a["spec"]), json.loads(b["spec"])),
            same_input=_content(a["fingerprint"]) == _content(b["fingerprint"]),
            rows=_diff_rows(ra, rb),
        )

    async def monitoring(request):
        """Every monitor store named at start (--monitor-store): its comparisons and alarms."""
        stores = [await _in_thread(_monitor_store, i, p) for i, p in enumerate(monitors)]
        return page(request, "monitoring.html", stores=stores, labels=_monitor_labels())

    async def monitoring_store(request):
        """One store: per comparison the monitor's trend plot (its own ``trend_png``) and the
        tests as it stored them. Only stores named at start: the address holds their index."""
        n = request.path_params["n"]
        if not 0 <= n < len(monitors):
            return error_page(request, 404, "no such monitor store", "pick one on /monitoring")
        one = await _in_thread(_monitor_store, n, monitors[n], plots=True)
        return page(request, "monitor_store.html", s=one, labels=_monitor_labels())

    async def static(request):
        name = request.path_params["name"]
        files = {"style.css": "text/css", "favicon.svg": "image/svg+xml"}
        if name not in files:
            return Response("not found", status_code=404, media_type="text/plain")
        response = Response((HERE / "static" / name).read_bytes(), media_type=files[name])
        response.headers["cache-control"] = "max-age=3600"
        return response

    async def not_found(request, exc):
        if getattr(exc, "status_code", 500) == 405:
            return error_page(request, 405, "this address does not take that method", "")
        return error_page(request, 404, "no such page", "start from the home page")

    async def server_error(request, exc):
        log.exception("internal error on %s", request.url.path, exc_info=exc)
        if not hasattr(request.state, "csrf"):
            request.state.csrf = ""
        return error_page(
            request,
            500,
            "internal error (the server's log has it)",
            "try again; the history keeps every finished audit",
        )

    routes = [
        Route("/", home),
        Route("/upload", upload, methods=["POST"]),
        Route("/pick", pick, methods=["POST"]),
        Route("/benchmark", benchmark, methods=["POST"]),
        Route("/database", database, methods=["POST"]),
        Route("/history", history),
        Route("/diff", diff),
        Route("/monitoring", monitoring),
        Route("/monitoring/{n:int}", monitoring_store),
        Route("/audits/{audit_id}", audit_page),
        Route("/audits/{audit_id}/mapping", mapping, methods=["GET", "POST"]),
        Route("/audits/{audit_id}/reopen", reopen, methods=["POST"]),
        Route("/audits/{audit_id}/report", report),
        Route("/audits/{audit_id}/thresholds", thresholds, methods=["POST"]),
        Route("/audits/{audit_id}/download/{kind}", download),
        Route("/static/{name}", static),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        runner.warm()
        yield
        runner.shutdown()

    app = Starlette(
        routes=routes,
        exception_handlers={404: not_found, 405: not_found, 500: server_error},
        lifespan=lifespan,
    )
    app.state.store, app.state.runner, app.state.config = store, runner, config
    return _Guard(app, config, csrf_for, env)


def pdf_available() -> bool:
    """Whether the library offers a PDF printer (``ethiclens.report.html_to_pdf``) and a
    browser to print with."""
    from .. import report

    printer = getattr(report, "html_to_pdf", None)
    finder = getattr(report, "find_browser", None)
    return printer is not None and (finder is None or finder() is not None)


def _print_pdf(html: str) -> bytes | None:
    import tempfile

    from .. import report

    if not pdf_available():
        return None
    with tempfile.TemporaryDirectory(prefix="ethiclens-web-pdf-") as tmp:
        path = Path(tmp) / "report.pdf"
        try:
            report.html_to_pdf(html, path)
        except EthicLensInputError:
            return None
        return path.read_bytes()


def _flat(data: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in data.items():
        if isinstance(value, dict) and key not in ("bins", "merge", "exclude"):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _spec_changes(old: dict, new: dict) -> list[tuple[str, str, str]]:
    """(key, before, after) for each request field that differs (the files' server names
    aside: the input fingerprint says whether the data differ)."""
    fa, fb = _flat(old), _flat(new)
    out = []
    for key in sorted(set(fa) | set(fb)):
        if key.startswith("outputs.") or key == "target.file":
            continue
        if fa.get(key) != fb.get(key):
            out.append((key, json.dumps(fa.get(key)), json.dumps(fb.get(key))))
    return out


def _content(fingerprint: str | None):
    """An input fingerprint without the file's name (uploads get random names): the data's
    checksums and rows, and what else the library recorded."""
    data = json.loads(fingerprint or "null")
    if isinstance(data, dict) and isinstance(data.get("files"), dict):
        data = {**data, "files": sorted(data["files"].values())}
        data.pop("path", None)
    return data


def _interval(metric: dict | None) -> str:
    if not metric or metric.get("value") is None:
        return "—"
    text = f"{metric['value']:.3f}"
    if metric.get("ci_low") is not None and metric.get("ci_high") is not None:
        text += f" [{metric['ci_low']:.3f}, {metric['ci_high']:.3f}]"
    return text


def _diff_rows(old: dict, new: dict) -> list[dict]:
    before = {(c["attribute"], c["group"]): c for c in old.get("comparisons", [])}
    after = {(c["attribute"], c["group"]): c for c in new.get("comparisons", [])}
    rows = []
    for key in list(before) + [k for k in after if k not in before]:
        o, n = before.get(key), after.get(key)
        row = {"what": f"{key[0]}: {key[1]}", "old": o and o["status"], "new": n and n["status"]}
        for name, metric in (("di", "disparate_impact"), ("eo", "equalized_odds_difference")):
            row[f"{name}_old"] = _interval(o and o["metrics"].get(metric))
            row[f"{name}_new"] = _interval(n and n["metrics"].get(metric))
        row["changed"] = row["old"] != row["new"]
        rows.append(row)
    return rows


_PLOT_LOCK = threading.Lock()  # matplotlib's pyplot is not thread-safe


def _monitor_labels() -> dict:
    """The monitor's own names of its tests (one table, in ``ethiclens.monitor``)."""
    from ..monitor import TEST_LABELS

    return TEST_LABELS


def _monitor_store(index: int, path: Path, plots: bool = False) -> dict:
    """What the monitor stored in ``path`` (read-only), plus its trend plots as data URIs."""
    from ..monitor import read_store, trend_png

    one = {"index": index, "name": path.name, "error": None, "data": None, "plots": {}}
    try:
        data = read_store(path, flag="--monitor-store")
    except EthicLensInputError as exc:  # e.g. damaged or replaced since the server started
        one["error"] = _said(exc)
        return one
    one["data"] = data
    if plots:
        doc = data["report"]
        for i, comparison in enumerate(doc["comparisons"]):
            with _PLOT_LOCK:
                png = trend_png(doc, comparison)
            one["plots"][i] = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    return one


async def _in_thread(func, *args, **kwargs):
    import anyio

    return await anyio.to_thread.run_sync(lambda: func(*args, **kwargs))


def _said(exc: EthicLensInputError) -> str:
    return exc.problem + (f". Fix: {exc.fix}" if exc.fix else "")


def _plain_lines(result: dict, purpose: str) -> list[dict]:
    """One line per comparison, in the library's words (status and reason from the JSON)."""
    if purpose == "thresholds":
        by_pair: dict = {}
        for row in result.get("rows", []):
            if row.get("status"):
                key = (row["attribute"], row["group"])
                by_pair.setdefault(key, []).append(row)
        lines = []
        for (attr, group), rows in by_pair.items():
            at = next((r["status"] for r in rows if r.get("audited")), "")
            flagged = [f"{r['threshold']:g}" for r in rows if r["status"] == "FLAGGED"]
            lines.append(
                {
                    "status": at,
                    "what": f"{attr}: {group}",
                    "text": f"at the audited threshold {result.get('audited_threshold'):g}; "
                    + (f"FLAGGED at {', '.join(flagged)}" if flagged else "FLAGGED at none"),
                }
            )
        return lines
    if purpose == "compare":
        models = result.get("models") or {}
        return [
            {
                "status": v["status_b"],
                "what": f"{v['attribute']}: {v['group']} vs {v['reference']}",
                "text": f"model A ({models.get('a')}): {v['status_a']}; model B "
                f"({models.get('b')}): {v['status_b']}"
                + (" (the verdict changed)" if v.get("changed") else ""),
            }
            for v in result.get("verdicts", [])
        ]
    return [
        {
            "status": c.get("status", ""),
            "what": f"{c.get('attribute')}: {c.get('group')} vs {c.get('reference')}",
            "text": c.get("flag_reason") or "",
        }
        for c in result.get("comparisons", [])
    ]


def _config_text(audit: dict) -> str:
    from ..spec import AuditSpec

    spec = AuditSpec.from_dict(json.loads(audit["spec"]))
    import yaml

    command = "thresholds" if audit["purpose"] == "thresholds" else "audit"
    head = (
        "# EthicLens audit request, made by the web app (ethiclens serve).\n"
        "# Run the same audit from the command line or in CI:\n"
        f"#   ethiclens {command} --config THIS_FILE --json out.json --html out.html\n"
    )
    return head + yaml.safe_dump(spec.to_dict(minimal=True), sort_keys=False, allow_unicode=True)


class _Guard:
    """ASGI middleware: the Host check, the token, the session cookie and its CSRF token, and
    the security headers on every response."""

    def __init__(self, app, config: WebConfig, csrf_for, env):
        self.app, self.config, self.csrf_for, self.env = app, config, csrf_for, env
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        from starlette.requests import Request
        from starlette.responses import HTMLResponse, RedirectResponse

        request = Request(scope)
        secure_headers = _headers_adder(send)
        hosts = self.config.allowed_hosts
        host = request.headers.get("host", "").rsplit(":", 1)[0].strip("[]")
        if hosts is not None and host not in hosts:
            body = self._error(
                400,
                "this server does not answer to that host name",
                "open it at the address it printed at start",
            )
            return await HTMLResponse(body, 400)(scope, receive, secure_headers)
        token = self.config.token
        set_token = False
        if token is not None:
            given = (
                request.query_params.get("token")
                or request.cookies.get(TOKEN_COOKIE)
                or _bearer(request.headers.get("authorization", ""))
            )
            if not given or not hmac.compare_digest(given.encode(), token.encode()):
                body = self._error(
                    401,
                    "this server needs its access token"
                    if not given
                    else "the access token is wrong",
                    "open the address the server printed at start (it ends in ?token=...), "
                    "or ask whoever runs it",
                )
                return await HTMLResponse(body, 401)(scope, receive, secure_headers)
            if "token" in request.query_params:
                set_token = True
        if request.method == "POST" and request.url.path != "/upload":
            length = request.headers.get("content-length", "")
            if not length.isdigit() or int(length) > FORM_BYTES:
                body = self._error(
                    413,
                    "the form is too large (or did not say its size)",
                    "send the page's own form; files go through the upload form",
                )
                return await HTMLResponse(body, 413)(scope, receive, secure_headers)
        sid = request.cookies.get(SESSION_COOKIE, "")
        new_sid = not re.fullmatch(r"[0-9a-f]{32}", sid)
        if new_sid:
            sid = secrets.token_hex(16)
        scope.setdefault("state", {})["csrf"] = self.csrf_for(sid)

        async def send_with_cookies(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if new_sid:
                    headers.append((b"set-cookie", _cookie(SESSION_COOKIE, sid)))
                if set_token:
                    headers.append((b"set-cookie", _cookie(TOKEN_COOKIE, token)))
                message = {**message, "headers": headers}
            await secure_headers(message)

        if set_token and request.method == "GET":  # drop the token from the address bar
            response = RedirectResponse(request.url.path, status_code=303)
            return await response(scope, receive, send_with_cookies)
        return await self.app(scope, receive, send_with_cookies)

    def _error(self, status, problem, fix) -> str:
        return self.env.get_template("error.html").render(
            csrf="",
            status=status,
            problem=problem,
            fix=fix,
            field="",
            errors={},
        )


def _bearer(header: str) -> str:
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


def _cookie(name: str, value: str) -> bytes:
    return f"{name}={value}; Path=/; HttpOnly; SameSite=Strict".encode()


def _headers_adder(send):
    async def wrapped(message):
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", [])]
            names = {k.lower() for k, _ in headers}
            extra = {
                b"content-security-policy": CSP.encode(),
                b"x-content-type-options": b"nosniff",
                b"x-frame-options": b"DENY",
                b"referrer-policy": b"no-referrer",
                b"cross-origin-opener-policy": b"same-origin",
                b"cache-control": b"no-store",
            }
            for k, v in extra.items():
                if k not in names:
                    headers.append((k, v))
            message = {**message, "headers": headers}
        await send(message)

    return wrapped
