"""``ethiclens serve``: the local web app (``ethiclens.web``, extra ``web``)."""

from __future__ import annotations

import ipaddress
import os
import secrets
import sys
from pathlib import Path

import click

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def read_token_file(path: str) -> str:
    from ..errors import EthicLensInputError

    p = Path(path)
    try:
        token = p.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise EthicLensInputError(
            f"cannot read the token file: {exc.__class__.__name__}",
            column="--token-file",
            value=str(path),
            fix="give a readable text file holding the token on one line",
        ) from None
    if len(token) < 16 or any(c.isspace() for c in token):
        raise EthicLensInputError(
            "the token must be one line of at least 16 characters, without spaces",
            column="--token-file",
            fix="e.g. python -c 'import secrets; print(secrets.token_urlsafe(32))' > token.txt",
        )
    return token


def _size(text: str) -> int:
    from ..errors import EthicLensInputError

    units = {"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "m": 1 << 20, "mb": 1 << 20}
    units |= {"g": 1 << 30, "gb": 1 << 30}
    raw = text.strip().lower()
    num = raw.rstrip("kmgb")
    try:
        value = int(float(num) * units[raw[len(num) :]])
    except (ValueError, KeyError):
        value = 0
    if value < 1:
        raise EthicLensInputError(
            "is not a size", column="--max-upload", value=text, fix="e.g. 1GB, 500MB, 2000000"
        )
    return value


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8765, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--data-dir",
    default="ethiclens-data",
    show_default=True,
    type=click.Path(file_okay=False),
    help="Folder for uploads and the history; the only server files the app can read.",
)
@click.option(
    "--store",
    type=click.Path(dir_okay=False),
    help="The history: a SQLite file (default: DATA_DIR/ethiclens-web.sqlite) or a PostgreSQL "
    "URL (schema ethiclens_web; prefer --store-env to keep the password off the command line).",
)
@click.option(
    "--store-env",
    help="Environment variable holding the history's PostgreSQL URL.",
)
@click.option(
    "--token-file",
    type=click.Path(dir_okay=False),
    help="Access token (one line). Required by every request; a --host other than "
    "127.0.0.1 gets a fresh one printed at start when this is not given.",
)
@click.option("--max-upload", default="1GB", show_default=True, help="Largest upload.")
@click.option(
    "--workers", type=int, default=None, help="Audits run at once (default: half the CPUs, ≤ 4)."
)
@click.option(
    "--db-env",
    "db_env",
    multiple=True,
    help="Environment variable holding a database URL whose tables may be audited "
    "(repeatable; the browser sees only the variable's name).",
)
@click.option(
    "--db",
    "db",
    multiple=True,
    help="A database URL whose tables may be audited (repeatable); kept in the server's "
    "environment as ETHICLENS_DB_1, ... (the name the browser and the config file see). "
    "Prefer --db-env to keep the password off the command line.",
)
@click.option(
    "--monitor-store",
    "monitor_store",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A store written by `ethiclens monitor --store` (a SQLite file or a PostgreSQL URL), "
    "shown read-only on the Monitoring "
    "page (repeatable; the browser picks among these only).",
)
def serve_command(host, port, **options):
    """Start the local web app: upload data, confirm the columns, read the audit (in a browser)."""
    from .._optional import require

    uvicorn = require("uvicorn", extra="web")
    require("starlette", extra="web")
    require("python_multipart", extra="web")
    from ..web import create_app

    config, printed = _web_config(host, options)
    app = create_app(config)
    _announce(config, host, port, printed)
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


def _web_config(host: str, options: dict):
    """(the app's settings from the command's options, the token to print or None)."""
    from ..errors import EthicLensInputError
    from ..web import WebConfig

    limit = _size(options["max_upload"])  # checked in the order the options are listed
    store = _history_store(options["store"], options["store_env"])
    workers = options["workers"]
    if workers is not None and workers < 1:
        raise EthicLensInputError("must be at least 1", column="--workers", value=workers)
    databases = _databases(options["db_env"], options["db"])
    token = read_token_file(options["token_file"]) if options["token_file"] else None
    local = _is_loopback(host)
    printed = None
    if not local and token is None:
        token = printed = secrets.token_urlsafe(32)
    config = WebConfig(
        data_dir=Path(options["data_dir"]),
        store=store,
        token=token,
        max_upload=limit,
        queue=50,
        allowed_hosts=LOOPBACK if local else None,
        databases=databases,
        monitor_stores=tuple(dict.fromkeys(options["monitor_store"])),
        **({"workers": workers} if workers else {}),
    )
    return config, printed


def _history_store(store: str | None, store_env: str | None) -> str | None:
    """The history's SQLite file or PostgreSQL URL (``--store``, or ``--store-env``'s value)."""
    from ..errors import EthicLensInputError

    if not store_env:
        return store or None
    if store:
        raise EthicLensInputError(
            "give --store or --store-env, not both", column="--store-env", fix="keep one"
        )
    url = os.environ.get(store_env)
    if not url:
        raise EthicLensInputError(
            f"environment variable {store_env} is not set",
            column="--store-env",
            fix=f"export {store_env}='postgresql://user:password@host/db' first",
        )
    return url


def _databases(db_env: tuple, db: tuple) -> tuple[str, ...]:
    """The environment variables naming the databases whose tables may be audited: each
    ``--db-env``, and ``ETHICLENS_DB_<n>`` set here for each ``--db URL`` (the workers inherit
    the environment; the browser, the store and the config file see only the name)."""
    from .._optional import require
    from ..errors import EthicLensInputError

    for name in db_env:
        if not os.environ.get(name):
            raise EthicLensInputError(
                f"environment variable {name} is not set",
                column="--db-env",
                fix=f"export {name}='postgresql+psycopg://user:password@host/db' first",
            )
    names = list(dict.fromkeys(db_env))
    for n, url in enumerate(dict.fromkeys(db), start=1):
        os.environ[f"ETHICLENS_DB_{n}"] = url
        names.append(f"ETHICLENS_DB_{n}")
    if names:
        require("sqlalchemy", extra="sql")
    return tuple(dict.fromkeys(names))


def _announce(config, host: str, port: int, printed: str | None) -> None:
    """The start-up lines: the address (with a fresh token), the data folder, the history."""
    from ..sources import mask_url
    from ..web import is_url

    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    click.echo(f"EthicLens web app: {address}" + (f"?token={printed}" if printed else ""))
    if printed:
        click.echo("The token above is required by every request; keep it private.")
    elif config.token:
        click.echo("Every request needs the token from --token-file (open /?token=...).")
    history = mask_url(str(config.store)) if is_url(config.store) else config.store
    click.echo(f"data folder: {config.data_dir}  history: {history}  (Ctrl-C stops)")
    sys.stdout.flush()
