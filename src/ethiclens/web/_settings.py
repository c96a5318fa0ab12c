"""``ethiclens serve``'s options as the app's settings (:class:`WebConfig`): the token, the
upload limit, the history store, the databases and monitor stores, each checked with one line
naming its flag. The command only parses; this is what it hands to :func:`create_app`."""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import math
import os
import re
import secrets
import socket
import urllib.parse
from pathlib import Path

from .._checks import check_count, is_number_text, refuse_whole_decimal
from .._secrets import looks_like_url, mask_secrets, url_text
from ..errors import EthicLensInputError
from ..io import _refuse_no_path
from ._app import WebConfig, path_given, token_problem
from ._app import checked_store_url as _checked_store_url
from ._loopback import address_is_loopback
from ._store import is_url

LOOPBACK = ("127.0.0.1", "localhost", "::1")


# The numeric IPv4 forms the system's resolver reads as an address (inet_aton): 0, 127.1,
# 2130706433, 0x7f.1, 010.0.0.1 (octal); ``ipaddress`` reads only the dotted quad.
_INET_ATON = re.compile(r"(0[xX][0-9a-fA-F]+|[0-9]+)(\.(0[xX][0-9a-fA-F]+|[0-9]+)){0,3}")
_DNS_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


def host_address(host: str):
    """The IP address ``--host`` spells as the server's bind reads it (``0`` is 0.0.0.0,
    ``127.1`` is 127.0.0.1, ``0:0::1`` is ::1), or None for a host name."""
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host)
    with contextlib.suppress(OSError):
        if _INET_ATON.fullmatch(host):
            return ipaddress.IPv4Address(socket.inet_aton(host))
    return None


def is_loopback(host: str) -> bool:
    """A loopback address (127.0.0.0/8 however spelt, ::1, an IPv4-mapped 127.x) or
    localhost: reachable from this machine only, so the server needs no token there (a
    DNS-rebinding page is kept out by the Host check). Any other name needs the token: what
    it resolves to can change."""
    if host.lower() == "localhost":  # a host name in any case
        return True
    address = host_address(host)
    if address is None:
        return False
    return address_is_loopback(address)


def _shown_host(host: str) -> str:
    """``host`` as the start-up line shows it: an address in its usual form (127.1 as
    127.0.0.1), a name as given."""
    address = host_address(host)
    return host if address is None else str(address)


_HOST_FIX = "e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface)"


def _check_port(port) -> None:
    """A port is a whole number from 1 to 65535 (8765.0: 8765 to give, as every face says)."""
    refuse_whole_decimal(port, "--port", _check_port)
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise EthicLensInputError(
            "must be from 1 to 65535", column="--port", value=port, fix="e.g. 8765 (the default)"
        )


def check_address(host: str, port: int) -> None:
    """Refuse, before anything is written, an address the server cannot listen on: a port
    out of range, taken or reserved, a host that is not this machine's."""
    _check_port(port)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        problem, fix = "is not a host name or address", _HOST_FIX
        bare = host[1:-1] if host[:1] + host[-1:] == "[]" else None
        name = host.removesuffix(".")  # a DNS name: labels of letters, digits and inner hyphens
        dns = 0 < len(name) <= 253 and all(_DNS_LABEL.fullmatch(p) for p in name.split("."))
        if host_address(host) is None and dns:
            problem = (
                "is a host name this machine cannot look up (no address for it in DNS or "
                "/etc/hosts), so the server cannot listen on it"
            )
            fix = "add the name to /etc/hosts, or give an address: " + _HOST_FIX[5:]
        elif bare is not None and host_address(bare) is not None:  # [::1], as a URL writes it
            problem = "is an address in brackets: --host takes it bare (brackets belong in a URL)"
            fix = f"--host {bare}"
        raise EthicLensInputError(problem, column="--host", value=host, fix=fix) from exc
    # every address the name has, bound as the server's event loop binds them (asyncio's
    # create_server): an address of a family this machine lacks is skipped, unless all are
    bound, unavailable = False, None
    for family, kind, proto, _, address in dict.fromkeys(found):
        try:
            _probe(family, kind, proto, address)
        except OSError as exc:
            if exc.errno != errno.EADDRNOTAVAIL:
                raise _bind_refusal(exc, host, port) from None
            unavailable = exc
        else:
            bound = True
    if unavailable is not None and not bound:
        raise _bind_refusal(unavailable, host, port)


def _probe(family, kind, proto, address) -> None:
    """Bind ``address`` as the server will: the address reused, an IPv6 socket for IPv6 only
    (so an IPv4-mapped address, ``::ffff:127.0.0.1``, cannot be listened on)."""
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        probe.bind(address)


def _bind_refusal(exc: OSError, host: str, port: int) -> EthicLensInputError:
    """Why the address cannot be listened on, naming the option to change."""
    known = {
        errno.EADDRINUSE: ("is in use by another program", "--port", port,
                           "choose another --port, or stop the program listening there"),
        errno.EACCES: ("needs administrator rights (ports below 1024)", "--port", port,
                       "use a port from 1024, e.g. 8765 (the default)"),
    }  # fmt: skip
    mapped = getattr(host_address(host), "ipv4_mapped", None)
    if mapped is not None:  # an IPv6 socket listens for IPv6 only, as the server's does
        known[errno.EINVAL] = (
            "is an IPv4-mapped IPv6 address, which the server cannot listen on (it listens "
            "on IPv6 for IPv6 only)", "--host", host, f"give the IPv4 address: --host {mapped}",
        )  # fmt: skip
    problem, flag, value, fix = known.get(
        exc.errno, (f"cannot be listened on ({exc.strerror})", "--host", host, _HOST_FIX)
    )
    return EthicLensInputError(problem, column=flag, value=value, fix=fix)


def read_token_file(path: str) -> str:
    """The access token in ``path``: one line of at least 16 characters, no spaces, in UTF-8
    (or ASCII) text; a leading byte-order mark (Notepad's UTF-8) is no part of it. A path
    that is no text (None, a number, bytes) or blank is refused naming ``--token-file``."""
    fix = "give a readable text file holding the token on one line"
    _refuse_no_path(path, "--token-file", fix, read=True)  # None, a number, blank: named
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise EthicLensInputError(
            f"cannot read the token file: {exc.__class__.__name__}",
            column="--token-file",
            value=str(path),
            fix="give a readable text file holding the token on one line",
        ) from None
    utf16 = raw.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in raw
    try:
        token = "" if utf16 else raw.decode("utf-8-sig").strip()  # a BOM is no part of it
    except UnicodeDecodeError:
        token = None
    if utf16 or token is None:
        what = "UTF-16 text (Notepad's 'Unicode')" if utf16 else "not UTF-8 text"
        raise EthicLensInputError(
            f"the token file is {what}: it must be UTF-8 (or ASCII) text",
            column="--token-file",
            value=str(path),
            fix="save it as UTF-8 (Notepad: Save as, Encoding: UTF-8), or write it with "
            + TOKEN_FIX.removeprefix("e.g. "),
        )
    problem = token_problem(token)
    if problem:
        raise EthicLensInputError(problem, column="--token-file", fix=TOKEN_FIX)
    return token


TOKEN_FIX = (
    "e.g. python -c 'import secrets; print(secrets.token_urlsafe(32))' > token.txt "
    "(or openssl rand -hex 32, not -base64)"
)

# bytes, then k (kB) to p (PB), each unit 1,024 times the one before
_SIZE_UNITS = {"": 1, "b": 1}
_SIZE_UNITS |= {u + b: 1 << (10 * n) for n, u in enumerate("kmgtp", 1) for b in ("", "b")}
MAX_SIZE = 1 << 50  # 1 PB: past any upload a machine could hold


def parse_size(text: str, flag: str = "--max-upload") -> int:
    """Bytes in ``1GB``, ``500MB``, ``2000000``: the number is read by every face's number rule
    (:func:`~ethiclens._checks.is_number_text`: no ``1_0``, ``٣``, padding), from 1 byte to
    1 PB; else one line naming ``flag``."""
    raw = text if isinstance(text, str) else ""
    num = raw.rstrip("kmgtpbKMGTPB")
    unit = _SIZE_UNITS.get(raw[len(num) :].lower())
    value = 0.0
    if unit is not None and is_number_text(num) and math.isfinite(float(num)):
        value = float(num) * unit
    if not 1 <= value <= MAX_SIZE:
        raise EthicLensInputError(
            "is not a size from 1 byte to 1 PB",
            column=flag,
            value=text,
            fix="e.g. 1GB, 500MB, 2000000",
        )
    return int(value)


def serve_settings(host: str, options: dict, port: int | None = None):
    """(the app's :class:`WebConfig` from ``ethiclens serve``'s options, the fresh token to
    print or None): a host other than loopback without ``--token-file`` gets a fresh token.
    With ``port``, an address the server could not listen on is refused first."""
    if port is not None:
        check_address(host, port)
    limit = parse_size(options["max_upload"])  # checked in the order the options are listed
    store = _history_store(options["store"], options["store_env"])
    workers = options["workers"]
    if workers is not None:
        check_count(workers, "--workers", fix="e.g. 2")
    databases = _databases(options["db_env"], options["db"])
    token = read_token_file(options["token_file"]) if options["token_file"] else None
    local = is_loopback(host)
    printed = None
    if not local and token is None:
        token = printed = secrets.token_urlsafe(32)
    config = WebConfig(
        data_dir=Path(options["data_dir"]),
        store=store,
        token=token,
        max_upload=limit,
        queue=50,
        # on loopback, the names of this machine and the address the server printed
        allowed_hosts=tuple(dict.fromkeys((*LOOPBACK, _shown_host(host), host.lower())))
        if local
        else None,
        databases=databases,
        monitor_stores=tuple(
            dict.fromkeys(path_given(m, "--monitor-store") for m in options["monitor_store"])
        ),
        **({"workers": workers} if workers else {}),
    )
    return config, printed


def start_lines(config, host: str, port: int, printed: str | None) -> list[str]:
    """``ethiclens serve``'s start-up lines: the address to open (with a fresh token), on a
    wildcard host (0.0.0.0, ::) also the one other machines use (this host's name), the
    token's use, the data folder and the history."""
    from ..sources import mask_url

    def address(name: str) -> str:
        shown = f"[{name}]" if ":" in name else name
        token = f"?token={urllib.parse.quote(printed, safe='')}" if printed else ""
        return f"http://{shown}:{port}/{token}"

    wildcard = getattr(host_address(host), "is_unspecified", False)  # 0.0.0.0, 0, ::
    lines = [f"EthicLens web app: {address('127.0.0.1' if wildcard else _shown_host(host))}"]
    if wildcard:
        lines.append(
            f"from other machines: {address(socket.gethostname())} (this machine's name, or "
            "its network address)"
        )
    if printed:
        lines.append("The token above is required by every request; keep it private.")
    elif config.token:
        lines.append("Every request needs the token from --token-file (open /?token=...).")
    # a path with user:password@host in it (postgresql//u:pw@h/db, a URL missing its ':') too
    history = mask_url(str(config.store)) if is_url(config.store) else mask_secrets(config.store)
    lines.append(f"data folder: {config.data_dir}  history: {history}  (Ctrl-C stops)")
    return lines


def _history_store(store: str | None, store_env: str | None) -> str | None:
    """The history's SQLite file or PostgreSQL URL (``--store``, or ``--store-env``'s value)."""
    if not store_env:  # text only invisible characters is no file name (click's '' aside)
        return _checked_store_url(path_given(store, "--store"), "--store") if store else None
    if store:
        raise EthicLensInputError(
            "give --store or --store-env, not both", column="--store-env", fix="keep one"
        )
    from ..sources import env_db_url

    url = env_db_url(store_env, "--store-env", "postgresql://user:password@host/db")
    return _checked_store_url(path_given(url, "--store-env"), "--store-env")


def _pasted(url: str) -> str:
    """``url`` without the spaces and invisible characters a paste leaves around it (a URL so
    disguised is still a URL, its password masked), any other text as given."""
    return url_text(url) if looks_like_url(url) else url.strip()


def _databases(db_env: tuple, db: tuple) -> tuple[str, ...]:
    """The environment variables naming the databases whose tables may be audited: each
    ``--db-env``, and ``ETHICLENS_DB_<n>`` set here for each ``--db URL`` (the workers inherit
    the environment; the browser, the store and the config file see only the name). Each
    URL is checked here, as an audit checks it before connecting (well formed, a database
    EthicLens reads, its driver installed), so that a bad one stops the start with one line
    naming its option, the password masked, instead of failing later in the browser."""
    from ..sources import env_db_url

    checked = [(env_db_url(name), f"--db-env {name}") for name in db_env]  # set, non-empty
    checked += [(url, "--db") for url in db]
    for url, flag in checked:
        _check_database_url(url, flag)
    for name in db_env:  # a URL pasted with a zero-width space or a BOM: the audits read it
        os.environ[name] = _pasted(os.environ[name])
    names = list(dict.fromkeys(db_env))
    for n, url in enumerate(dict.fromkeys(_pasted(u) for u in db), start=1):
        os.environ[f"ETHICLENS_DB_{n}"] = url
        names.append(f"ETHICLENS_DB_{n}")
    return tuple(dict.fromkeys(names))


def _check_database_url(url: str, flag: str) -> None:
    """Refuse a database URL an audit could not use, with the checks the audit makes before
    it connects (``sources``: the ``//`` after the scheme, a backend with a read-only
    transaction, a SQLite file that exists, SQLAlchemy's own parse and driver); nothing is
    connected to. ``flag``: ``--db`` (its masked URL shown) or ``--db-env NAME``."""
    from ..sources import check_usable_db_url, checked_db_url, mask_url

    name = flag.removeprefix("--db-env ")
    option = "--db-env" if name != flag else "--db"
    url = checked_db_url(_pasted(url), option)
    if not looks_like_url(url):
        raise EthicLensInputError(
            f"environment variable {name} does not hold a database URL"
            if option == "--db-env"
            else "is not a database URL",
            column=option,
            value=None if option == "--db-env" else mask_url(url),
            fix="give a URL such as postgresql+psycopg://user@host/db (sqlite:///path.db for "
            "a file)",
        )
    check_usable_db_url(url, flag)
