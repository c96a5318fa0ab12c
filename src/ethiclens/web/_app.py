"""The Starlette application behind ``ethiclens serve``.

Pages are rendered on the server (Jinja2, autoescaped); there is no inline script and no asset
from outside the package. Every page builds the same request the CLI builds (an ``AuditSpec``
dict) and the library runs it in a bounded worker pool (``_jobs.Runner``); results, reports and
requests live in the SQLite store, not in memory.

Starlette is imported inside :func:`create_app` only, so ``import ethiclens.web`` works without
the ``web`` extra (ADR 0007: no module imports an extra at module level).
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import logging
import os
import re
import secrets
import urllib.parse
from dataclasses import dataclass, field, fields
from pathlib import Path

from .._checks import MAX_WORKERS, check_argument_type, check_count, check_member
from .._keywords import refusing_unknown_keywords
from .._optional import MissingExtraError
from .._secrets import looks_like_url, mask_secrets, mask_url, masked_cut, url_text
from ..errors import EthicLensInputError
from ._jobs import Runner, default_workers
from ._loopback import address_is_loopback
from ._store import Heartbeat, Store, is_url
from ._uploads import FORM_FIX, UNREADABLE, one_line
from ._web import FORM_BYTES, HERE, DamagedRecord, Masked, Web, digits_number, web_of

log = logging.getLogger("ethiclens.web")

SESSION_COOKIE = "ethiclens_session"
TOKEN_COOKIE = "ethiclens_token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")  # the methods that change nothing

CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-src 'self'; frame-ancestors 'none'"
)


@refusing_unknown_keywords(init=True)  # WebConfig(typo=...): audit()'s refusal
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
    monitor_stores: tuple = ()  # monitor stores shown read-only (--monitor-store)

    def __post_init__(self):
        self.data_dir = _checked_path(self.data_dir, "WebConfig.data_dir")
        if self.store is None:
            self.store = self.data_dir / "ethiclens-web.sqlite"
        elif looks_like_url(path_given(self.store, "WebConfig.store")):  # as --store's
            fix = "give a file path, or a postgresql://user@host/db URL"
            self.store = checked_store_url(self.store, "WebConfig.store", fix)
        else:
            self.store = _checked_path(self.store, "WebConfig.store")
        # The CLI checks its flags; these are the same rules for a config built in Python.
        self.workers = check_count(
            self.workers, "WebConfig.workers", maximum=MAX_WORKERS, fix="e.g. 2"
        )
        self.queue = check_count(self.queue, "WebConfig.queue", minimum=0, fix="e.g. 50")
        self.max_upload = check_count(self.max_upload, "WebConfig.max_upload", fix="e.g. 1 << 30")
        check_member(
            self.pool, ("process", "thread"), column="WebConfig.pool", problem="is not a pool"
        )
        if self.token is not None and not isinstance(self.token, str):
            raise EthicLensInputError(
                f"must be text (a str), not {type(self.token).__name__}",
                column="WebConfig.token",
                fix="give secrets.token_urlsafe(32), or None on localhost",
            )
        if self.token is not None and not self.token.strip():
            raise EthicLensInputError(
                "is empty: every request would be let in",
                column="WebConfig.token",
                fix="give a long random text (secrets.token_urlsafe()) or None on localhost",
            )
        if self.token is not None and (problem := token_problem(self.token)):
            raise EthicLensInputError(
                problem, column="WebConfig.token", fix="give secrets.token_urlsafe(32)"
            )
        if self.allowed_hosts is not None:  # as the Host check reads them: lower case
            hosts = _names(self.allowed_hosts, "WebConfig.allowed_hosts", "host names")
            self.allowed_hosts = tuple(_allowed_host(h) for h in hosts)
            if not self.allowed_hosts:  # as a name no Host can match: every request refused
                raise EthicLensInputError(
                    "is empty: no request's Host could match, so the server would answer no one",
                    column="WebConfig.allowed_hosts",
                    value=(),
                    fix="give the names it is reached at, e.g. ('localhost', '127.0.0.1', "
                    "'::1'), or None to answer any Host",
                )
        self.databases = _variables(self.databases)
        # a SQLite file (a path) or a PostgreSQL store (a URL, kept as text)
        stores = _sequence(self.monitor_stores, "WebConfig.monitor_stores", "stores")
        self.monitor_stores = tuple(_store(p) for p in stores)

    def __repr__(self) -> str:
        """The settings as the dataclass shows them, with no secret: a database URL's password
        masked (the history's, a monitor store's), the token as ``***`` (a log line or a
        traceback that shows the config shows no credential)."""
        shown = {f.name: getattr(self, f.name) for f in fields(self)}
        shown["store"] = _masked(self.store)
        if self.token is not None:
            shown["token"] = "***"
        shown["monitor_stores"] = tuple(_masked(s) for s in self.monitor_stores)
        return f"WebConfig({', '.join(f'{k}={v!r}' for k, v in shown.items())})"


def _masked(store):
    """A store as shown: a URL's password masked; a file's path with any ``user:password@host``
    in it masked too (``postgresql//u:pw@h/db``, a URL missing its ':', is a path)."""
    if isinstance(store, str):
        return mask_url(store)
    return Path(shown) if (shown := mask_secrets(str(store))) != str(store) else store


_EXAMPLES = {
    "host names": "('localhost',)",
    "variable names": "('WAREHOUSE_URL',) (environment variables holding database URLs)",
    "stores": "('watch.sqlite',) (files or URLs of ethiclens monitor stores)",
}


def _sequence(value, column: str, what: str) -> tuple:
    """``value``, a list, tuple or set, as a tuple; one text or path alone is refused, never
    read as its characters one by one (a host name matched as a substring of the one allowed,
    each letter of a file name a monitor store)."""
    if not isinstance(value, list | tuple | set | frozenset):
        raise EthicLensInputError(
            f"must be a tuple (or list) of {what}, not {type(value).__name__}",
            column=column,
            value=masked_cut(value, 200),  # masked, then cut: a cut URL lost its '@'
            fix=f"e.g. {_EXAMPLES[what]}",
        )
    if isinstance(value, set | frozenset):  # in one order at every start (a set's own order
        return tuple(sorted(value, key=str))  # changes: /monitoring/1 another store each time)
    return tuple(value)


def _names(value, column: str, what: str) -> tuple[str, ...]:
    """:func:`_sequence` of non-empty texts (host names, environment variables' names)."""
    names = _sequence(value, column, what)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise EthicLensInputError(
                "must hold only non-empty texts (str)",
                column=column,
                value=name,
                fix=f"e.g. {_EXAMPLES[what]}",
            )
    return names


def _variables(value) -> tuple[str, ...]:
    """WebConfig.databases: names of environment variables (as ``--db-env`` takes them), never
    a URL, whose password every page's database list would show."""
    names = tuple(dict.fromkeys(_names(value, "WebConfig.databases", "variable names")))
    for name in names:  # each once, as --db-env A --db-env A lists A once
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            url = looks_like_url(name)
            raise EthicLensInputError(
                "is a database URL, not the name of an environment variable holding one"
                if url
                else "is not an environment variable's name (letters, digits and _)",
                column="WebConfig.databases",
                value=mask_url(url_text(name)) if url else mask_secrets(name),
                fix="put the URL in an environment variable and give its name, e.g. "
                "('WAREHOUSE_URL',)",
            )
    return names


TOKEN_CHARACTERS = "ASCII letters, digits and - . _ ~"
# characters a refusal names, not shows: an editor writes them and displays nothing
_INVISIBLE = {"\ufeff": "a byte-order mark (U+FEFF)", "\x00": "a NUL byte (U+0000)"}


def token_problem(token: str) -> str | None:
    """Why a token cannot be used from a browser, or None: it travels in an address
    (``/?token=``, where a ``+`` reads as a space) and in a cookie (where ``;`` ends it and
    only ASCII is sent), so it may hold only the characters an address carries as written;
    and at least 16 of them (``--token-file``'s rule, for a config built in Python too)."""
    if len(token) < 16 or any(c.isspace() for c in token):
        return "the token must be one line of at least 16 characters, without spaces"
    bad = dict.fromkeys(c for c in token if not (c.isascii() and (c.isalnum() or c in "-._~")))
    if not bad:
        return None
    shown = " ".join(_INVISIBLE.get(c, repr(c)) for c in list(bad)[:8])
    shown += " ..." if len(bad) > 8 else ""
    return (
        f"the token holds {shown}: it may hold only {TOKEN_CHARACTERS} (it travels in the "
        "page address and in a cookie, which carry no other character as written)"
    )


def checked_store_url(
    store: str,
    flag: str,
    fix: str = "give a file path, or postgresql://user@host/db (password in --store-env)",
) -> str:
    """A file path as given; a URL (pasted spaces stripped, a missing '//' refused: the --db
    rule, ``sources.checked_db_url``) only as PostgreSQL's, else refused with its password
    masked — never taken for a folder name that would print it."""
    from ..sources import checked_db_url

    # a URL pasted with an invisible character around it (U+200B, a BOM): still a URL
    url = checked_db_url(url_text(store) if looks_like_url(store) else store, flag)
    if looks_like_url(url) and not is_url(url):
        raise EthicLensInputError(
            "is not a PostgreSQL URL; the history is a SQLite file or a PostgreSQL database",
            column=flag,
            value=mask_url(url),
            fix=fix,
        )
    return url


# (problem, fix) of a setting's path that is of the other kind (a file for the folder)
_WRONG_KIND = {
    "WebConfig.data_dir": ("is a file, not a folder", "give a folder (created if absent)"),
    "WebConfig.store": (
        "is a folder, not a SQLite file",
        "give a file path (created if absent) or a PostgreSQL URL",
    ),
}


def path_given(path, column: str):
    """``path``; refused when it is no path: another type (a number, bytes, a bool), or text
    that is blank or only invisible characters (a zero-width space), which would name a file
    or folder no one sees (``--data-dir`` and ``--store`` refuse blank text too)."""
    fix = {
        "WebConfig.data_dir": "give a folder's path, e.g. 'ethiclens-data'",
        "WebConfig.store": "give a SQLite file's path or a PostgreSQL URL, or leave it out (None)",
        "--store": "give a SQLite file's path or a PostgreSQL URL, or leave --store out",
        "--store-env": "set the variable to the history's PostgreSQL URL",
    }.get(column, "give a monitor store's path (a SQLite file) or its PostgreSQL URL")
    check_argument_type(path, (str, os.PathLike), column=column, problem="must be a path "
                        "(str or pathlib.Path), not a", fix=fix)  # fmt: skip
    if not url_text(path):
        raise EthicLensInputError(
            "is blank (or only invisible characters): it would name a file or folder no one "
            "can see",
            column=column,
            value=str(path),
            fix=fix,
        )
    if str(path).strip() == "-":  # made a file or folder named '-' (the CLI's standard output)
        problem = "is '-' (standard input or output), which names no file or folder here"
        raise EthicLensInputError(problem, column=column, value=str(path), fix=fix)
    return path


def _checked_path(path, column: str) -> Path:
    """The data folder (resolved) or the SQLite store's file, refused when it is of the other
    kind (absent, it is made)."""
    folder = column == "WebConfig.data_dir"
    path_given(path, column)
    if "\x00" in str(path):  # no file system takes it (Path.resolve: a ValueError)
        from ..io import NUL_IN_PATH, NUL_PATH_FIX  # every face's words

        raise EthicLensInputError(NUL_IN_PATH, column=column, value=str(path), fix=NUL_PATH_FIX)
    checked = Path(path).resolve() if folder else Path(path)
    if checked.exists() and checked.is_dir() != folder:
        problem, fix = _WRONG_KIND[column]
        raise EthicLensInputError(problem, column=column, value=str(path), fix=fix)
    return checked


@refusing_unknown_keywords
def create_app(config: WebConfig):
    """The ASGI application for ``config`` (``uvicorn.run(create_app(...))``)."""
    try:
        from starlette.applications import Starlette
    except ModuleNotFoundError as exc:  # pragma: no cover - the CLI checks first
        raise MissingExtraError(exc.name or "starlette", "web") from None

    if config.monitor_stores:
        from ..monitor import read_store

        for path in config.monitor_stores:  # refused at start, with one line, before any write
            read_store(path, flag="WebConfig.monitor_stores")  # serve: --monitor-store
    store = _open_store(config)
    store.register()  # before recovering: a server starting beside it leaves its audits alone
    if recovered := store.recover():
        log.warning("%d audit(s) were interrupted when their server last stopped", recovered)
    web = Web(config, store, Runner(str(config.store), config.workers, config.queue, config.pool))
    heartbeat = Heartbeat(store)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        web.runner.warm()
        heartbeat.start()
        yield
        heartbeat.stop()
        web.runner.shutdown()
        store.retire()

    from starlette.requests import ClientDisconnect

    app = Starlette(
        routes=_routes(),
        exception_handlers={
            ClientDisconnect: _client_gone,  # any body read: the upload's stream, a form
            DamagedRecord: _damaged,
            400: _bad_request,
            404: _not_found,
            405: _not_found,
            500: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.web = web
    app.state.store, app.state.runner, app.state.config = store, web.runner, config
    return _Guard(app, config, web)


def _open_store(config: WebConfig) -> Store:
    """The history, opened with the data folder and its uploads folder made: a store that
    cannot be opened (an unreachable PostgreSQL server, a bad SQLite path) is refused with
    the folders this start made removed again, so a failed start leaves nothing behind."""
    uploads = config.data_dir / "uploads"
    missing = [p for p in (uploads, *uploads.parents) if not p.exists()]
    try:
        try:  # a path under a file, a file named uploads there: refused, not a traceback
            uploads.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise EthicLensInputError(
                f"cannot be made: {exc.strerror or type(exc).__name__} ({exc.filename})",
                column="WebConfig.data_dir",
                value=str(config.data_dir),
                fix="give a folder this server can make and write to (its uploads go to "
                "uploads/ in it)",
            ) from None
        return Store(config.store)
    except BaseException:
        for folder in missing:  # deepest first; one holding a file (the SQLite store) stays
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def _routes() -> list:
    from starlette.routing import Route

    from . import _routes_audit as audits
    from . import _routes_data as data
    from . import _routes_history as history

    return [
        Route("/", data.home),
        Route("/upload", data.upload, methods=["POST"]),
        Route("/pick", data.pick, methods=["POST"]),
        Route("/benchmark", data.benchmark, methods=["POST"]),
        Route("/database", data.database, methods=["POST"]),
        Route("/history", history.history),
        Route("/diff", history.diff),
        Route("/monitoring", history.monitoring),
        Route("/monitoring/{n}", history.monitoring_store),  # digits_number: never int() of 4,301
        Route("/audits/{audit_id}", audits.audit_page),
        Route("/audits/{audit_id}/mapping", audits.mapping, methods=["GET", "POST"]),
        Route("/audits/{audit_id}/reopen", audits.reopen, methods=["POST"]),
        Route("/audits/{audit_id}/again", audits.again, methods=["POST"]),
        Route("/audits/{audit_id}/report", audits.report),
        Route("/audits/{audit_id}/thresholds", audits.thresholds, methods=["POST"]),
        Route("/audits/{audit_id}/download/{kind}", audits.download),
        Route("/static/{name}", _static),
    ]


async def _static(request):
    from starlette.responses import Response

    name = request.path_params["name"]
    files = {"style.css": "text/css", "favicon.svg": "image/svg+xml"}
    if name not in files:
        return Response("not found", status_code=404, media_type="text/plain")
    response = Response((HERE / "static" / name).read_bytes(), media_type=files[name])
    response.headers["cache-control"] = "max-age=3600"
    return response


async def _bad_request(request, exc):
    """A body Starlette cannot parse as a form (too many fields, a broken multipart body)."""
    return web_of(request).unreadable_form(request, getattr(exc, "detail", ""))


async def _not_found(request, exc):
    web = web_of(request)
    if getattr(exc, "status_code", 500) == 405:
        response = web.error_page(request, 405, "this address does not take that method", "")
        if allow := (getattr(exc, "headers", None) or {}).get("Allow"):  # the route's methods
            response.headers["allow"] = allow
        return response
    return web.error_page(request, 404, "no such page", "start from the home page")


async def _client_gone(request, exc):
    """The client closed the connection while its body was read (an upload cancelled): one
    line in the log, no traceback; the route's own cleanup removed what it had written. A
    warning: ``ethiclens serve`` runs uvicorn at log level "warning", which an info line
    would not reach."""
    from starlette.responses import Response

    log.warning(
        "the client left during %s %s: its body was not read", request.method, request.url.path
    )
    return Response(status_code=400)  # nobody reads it


async def _damaged(request, exc):
    return web_of(request).error_page(
        request,
        410,
        f"the history's record of {exc.record or f'audit {exc.audit_id[:8]}'} is damaged: its "
        f"stored {exc.column} is not what the app wrote (edited or damaged since), so it "
        "cannot be shown",
        "upload or pick the file again"
        if exc.record
        else "run the audit again from its data; the rest of the history is intact",
        link=("/history", "Open the history"),
    )


async def _server_error(request, exc):
    log.exception("internal error on %s", request.url.path, exc_info=exc)
    if not hasattr(request.state, "csrf"):
        request.state.csrf = ""
    return web_of(request).error_page(
        request,
        500,
        "internal error (the server's log has it)",
        "try again; the history keeps every finished audit",
    )


class _Guard:
    """ASGI middleware: the Host check, the token, the form size, the session cookie and its
    CSRF token, and the security headers on every response."""

    def __init__(self, app, config: WebConfig, web: Web):
        self.app, self.config, self.web = app, config, web
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        from starlette.requests import Request
        from starlette.responses import RedirectResponse

        request = Request(scope)
        refusal = self._refusal(request)
        if refusal is not None:  # (status, problem, fix), before any session: no form's token
            request.state.csrf = ""
            status, problem, fix = refusal  # the fix: the app's own words, shown as written
            page = self.web.error_page(request, status, problem, Masked(fix))
            return await page(scope, receive, _headers_adder(send))
        cookies = []
        sid = request.cookies.get(SESSION_COOKIE, "")
        if not re.fullmatch(r"[0-9a-f]{32}", sid):
            sid = secrets.token_hex(16)
            cookies.append(_cookie(SESSION_COOKIE, sid))
        scope.setdefault("state", {})["csrf"] = self.web.csrf_for(sid)
        token_given = self.config.token is not None and "token" in request.query_params
        if token_given:
            cookies.append(_cookie(TOKEN_COOKIE, self.config.token))
        send_with_cookies = _headers_adder(send, cookies)
        if token_given and request.method in ("GET", "HEAD"):  # drop it from the address bar
            response = RedirectResponse(_without_token(request), status_code=303)
            return await response(scope, receive, send_with_cookies)
        return await self.app(scope, receive, send_with_cookies)

    def _refusal(self, request) -> tuple[int, str, str] | None:
        """(status, problem, fix) when the request is refused before any page sees it."""
        hosts = self.config.allowed_hosts
        if hosts is not None and _host_name(request.headers.get("host", "")) not in hosts:
            return (
                400,
                "this server does not answer to that host name",
                "open it at the address it printed at start",
            )
        token = self.config.token
        if token is None and (address := _network_address(request.scope)):
            return (
                403,
                f"this server has no access token, so it answers on this machine only, not on "
                f"the network address {address} it was reached at",
                'give the app a token (WebConfig(token="..."), e.g. secrets.token_urlsafe(32); '
                "ethiclens serve --host ... makes one), or listen on 127.0.0.1",
            )
        if token is None and hosts is None and (own := _rebound(request)):
            return (
                400,
                "this server has no access token, so it answers only to this machine's own "
                "names (localhost, 127.0.0.1, ::1), not to the host name "
                f"{_host_name(request.headers.get('host', ''))!r} (a page of another site "
                "whose name was pointed at this machine)",
                f"open it at {own}, or give the app a token "
                '(WebConfig(token="..."), e.g. secrets.token_urlsafe(32)) or the names it '
                "answers to (WebConfig(allowed_hosts=(...)))",
            )
        if token is not None and len(request.query_params.getlist("token")) > 1:
            return (  # never read as its last value, as no field sent twice is
                400,
                "the field 'token' is sent more than once; it takes one value",
                "open the address the server printed at start (it ends in ?token=...)",
            )
        if token is not None and (problem := _token_problem(request, token)):
            return (
                401,
                problem,
                "open the address the server printed at start (it ends in ?token=...), "
                "or ask whoever runs it",
            )
        if request.method not in SAFE_METHODS and _cross_site(request):
            return (
                403,
                "this form was sent from another site, not from this server's own page",
                "open the page at the address the server printed at start and send its form there",
            )
        posted = request.method == "POST" and self._takes(request)
        if posted and (problem := _body_problem(request)):  # before the form's token
            return 415, f"{UNREADABLE}: {problem}", FORM_FIX
        if posted and request.url.path != "/upload":
            length = digits_number(request.headers.get("content-length", ""))
            if length is None or length > FORM_BYTES:
                return (
                    413,
                    "the form is too large (or did not say its size)",
                    "send the page's own form; files go through the upload form",
                )
        return None

    def _takes(self, request) -> bool:
        """Whether a page at this address takes this method: a POST to a GET-only page (or
        to none) is answered 405 (404) by the app, whatever its size."""
        from starlette.routing import Match

        return any(r.matches(request.scope)[0] == Match.FULL for r in self.app.routes)


def _body_problem(request) -> str | None:
    """Why a POST's body is encoded otherwise than a page's form or upload ever is, or None:
    compressed (``Content-Encoding: gzip``), which no parser unpacks, or in a charset other
    than UTF-8, which the forms' parser reads as UTF-8 all the same. Either read as a form
    lost its fields, and was refused for a missing security token (403) or its file's
    framing (400): 415, before the token, as a body of another type is."""
    coding = request.headers.get("content-encoding", "").strip().lower()
    if coding not in ("", "identity"):
        shown = masked_cut(one_line(coding, " "), 60)
        return f"the body is sent {shown!r}-encoded (Content-Encoding), not as a plain form"
    from python_multipart.multipart import parse_options_header

    _kind, options = parse_options_header(request.headers.get("content-type", ""))
    charset = options.get(b"charset", b"utf-8").decode("latin-1").strip().lower()
    if charset not in ("utf-8", "utf8", "us-ascii", "ascii"):
        shown = masked_cut(one_line(charset, " "), 60)
        return f"the body is sent in the charset {shown!r}, not in UTF-8 as a page's form is"
    return None


def _network_address(scope) -> str | None:
    """The address of this server's socket that a request came in on, when it is a network
    address (not loopback): a server without a token (an app built in Python, served by
    ``uvicorn.run(app, host="0.0.0.0")``) must not answer there. None for loopback, a unix
    socket, or a server that names no IP address (a test client)."""
    server = scope.get("server") or (None,)
    try:
        address = ipaddress.ip_address(str(server[0]).split("%", 1)[0])  # fe80::1%eth0
    except ValueError:
        return None
    return None if address_is_loopback(address) else str(address)


def _rebound(request) -> str | None:
    """Whether a request that came in on a loopback address of the server names another host
    than this machine's own (``localhost``, a loopback address) in its Host header: a page of
    another site whose name was pointed at 127.0.0.1 (DNS rebinding), which a browser takes for
    that site's own, cookies, forms and reading of the answers included. ``ethiclens serve``
    on loopback answers only its own names (``allowed_hosts``); an app built in Python without
    a token or ``allowed_hosts`` answers the same. The unspecified address (``0.0.0.0``,
    ``::``: uvicorn's printed address for ``host="0.0.0.0"``) is answered too: no DNS name, so
    no other site's page. The address to open instead (``http://127.0.0.1:PORT/``, the
    socket's own) when it is refused; None when answered. A unix socket and a server that
    names no IP address (a test client) are not judged."""
    server = request.scope.get("server") or (None, None)
    try:
        address = ipaddress.ip_address(str(server[0]).split("%", 1)[0])
    except ValueError:
        return None
    host = request.headers.get("host", "")
    name = _host_name(host)
    if not address_is_loopback(address) or not host or name == "localhost":  # LOOPBACK names
        return None
    with contextlib.suppress(ValueError):
        named = ipaddress.ip_address(name.split("%", 1)[0])
        if address_is_loopback(named) or named.is_unspecified:
            return None
    own = getattr(address, "ipv4_mapped", None) or address
    shown = f"[{own}]" if own.version == 6 else str(own)
    return f"http://{shown}:{server[1]}/" if len(server) > 1 and server[1] else f"http://{shown}/"


def _cross_site(request) -> bool:
    """Whether a request comes from another site's page. A browser's ``Sec-Fetch-Site`` says
    it (anything but ``same-origin`` or ``none``, a typed address): under this app's
    ``Referrer-Policy: no-referrer`` Chromium sends its own forms with ``Origin: null``.
    Without it, an ``Origin`` (when sent) that is not this server's own (its host and port;
    ``null`` is none); the scheme is not compared, so that a proxy ending TLS is the same."""
    site = request.headers.get("sec-fetch-site", "").strip().lower()
    if site:
        return site not in ("same-origin", "none")
    origin = request.headers.get("origin")
    return origin is not None and not _same_origin(origin, request.headers.get("host", ""))


def _same_origin(origin: str, host: str) -> bool:
    default = {"http": 80, "https": 443}
    try:
        given, own = urllib.parse.urlsplit(origin.strip()), urllib.parse.urlsplit("//" + host)
        if given.scheme not in default or given.path or not given.hostname:
            return False
        port = given.port or default[given.scheme]
        return given.hostname == own.hostname and port == (own.port or default[given.scheme])
    except ValueError:  # a port that is not a number, an unclosed "["
        return False


def _without_token(request) -> str:
    """The request's address less its ``token`` parameter, every other one kept as given
    (``/diff?a=..&b=..``); a path, never another site's address."""
    path = "/" + request.url.path.lstrip("/")
    query = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
    return path + (f"?{urllib.parse.urlencode(query)}" if query else "")


def _token_problem(request, token: str) -> str | None:
    """Why a request is refused (401), or None: it is taken when any credential it carries
    (the address's ``?token=``, the token cookie, an ``Authorization: Bearer`` header) is the
    token, so that an outdated cookie beside a right header or address does not refuse it."""
    scheme, _, bearer = request.headers.get("authorization", "").partition(" ")
    given = [
        request.query_params.get("token"),
        request.cookies.get(TOKEN_COOKIE),
        bearer.strip() if scheme.lower() == "bearer" else "",
    ]
    given = [value for value in given if value]
    if any(hmac.compare_digest(value.encode(), token.encode()) for value in given):
        return None
    return "the access token is wrong" if given else "this server needs its access token"


def _cookie(name: str, value: str) -> bytes:
    return f"{name}={value}; Path=/; HttpOnly; SameSite=Lax".encode()


def _headers_adder(send, cookies: list[bytes] = ()):
    """``send`` with the security headers (those the response does not set) after its own
    and the ``cookies`` set, on every response."""

    async def wrapped(message):
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", [])) + [(b"set-cookie", c) for c in cookies]
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


def _host_name(header: str) -> str:
    """The host of a Host header: ``127.0.0.2:8765`` is 127.0.0.2, ``[::1]:8765`` is ::1."""
    if any(c in header for c in "@/?#\\"):  # a URL's other parts: no host name
        return ""
    try:
        return urllib.parse.urlsplit("//" + header).hostname or ""
    except ValueError:  # not a host (an unclosed "[")
        return ""


def _allowed_host(host: str) -> str:
    """``host`` in lower case, as the Host check reads a request's; refused when no Host
    header could name it (a port, a space, an invisible character): the server would answer
    no one."""
    name = host.lower()
    unseen = any(c.isspace() or not c.isprintable() for c in name)
    if unseen or name not in (_host_name(name), _host_name(f"[{name}]")):
        raise EthicLensInputError(
            "is not a host name or address alone (a port, a space or an invisible character "
            "in it): no request's Host could match it, so the server would answer no one",
            column="WebConfig.allowed_hosts",
            value=host,
            fix="give the name alone, e.g. ('localhost', '127.0.0.1', '::1')",
        )
    return name


def _store(where):
    """A monitor store as ``read_store`` takes it: a database URL as text, a file as a Path."""
    path_given(where, "WebConfig.monitor_stores")
    if looks_like_url(where):  # invisible characters around it dropped, as --store's
        return url_text(where)
    return str(where) if "://" in str(where) else Path(where)
