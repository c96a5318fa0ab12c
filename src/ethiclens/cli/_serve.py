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
    "--monitor-store",
    "monitor_store",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A store written by `ethiclens monitor --store`, shown read-only on the Monitoring "
    "page (repeatable; the browser picks among these only).",
)
def serve_command(
    host, port, data_dir, store, store_env, token_file, max_upload, workers, db_env, monitor_store
):
    """Start the local web app: upload data, confirm the columns, read the audit (in a browser)."""
    from .._optional import require
    from ..errors import EthicLensInputError

    uvicorn = require("uvicorn", extra="web")
    require("starlette", extra="web")
    require("python_multipart", extra="web")
    from ..web import WebConfig, create_app, is_url

    limit = _size(max_upload)
    if store_env:
        if store:
            raise EthicLensInputError(
                "give --store or --store-env, not both", column="--store-env", fix="keep one"
            )
        store = os.environ.get(store_env)
        if not store:
            raise EthicLensInputError(
                f"environment variable {store_env} is not set",
                column="--store-env",
                fix=f"export {store_env}='postgresql://user:password@host/db' first",
            )
    if workers is not None and workers < 1:
        raise EthicLensInputError("must be at least 1", column="--workers", value=workers)
    for name in db_env:
        if not os.environ.get(name):
            raise EthicLensInputError(
                f"environment variable {name} is not set",
                column="--db-env",
                fix=f"export {name}='postgresql+psycopg://user:password@host/db' first",
            )
    if db_env:
        require("sqlalchemy", extra="sql")
    token = read_token_file(token_file) if token_file else None
    local = _is_loopback(host)
    printed = None
    if not local and token is None:
        token = printed = secrets.token_urlsafe(32)
    config = WebConfig(
        data_dir=Path(data_dir),
        store=store or None,
        token=token,
        max_upload=limit,
        queue=50,
        allowed_hosts=LOOPBACK if local else None,
        databases=tuple(dict.fromkeys(db_env)),
        monitor_stores=tuple(Path(p) for p in dict.fromkeys(monitor_store)),
        **({"workers": workers} if workers else {}),
    )
    app = create_app(config)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    click.echo(f"EthicLens web app: {address}" + (f"?token={printed}" if printed else ""))
    if printed:
        click.echo("The token above is required by every request; keep it private.")
    elif token:
        click.echo("Every request needs the token from --token-file (open /?token=...).")
    from ..sources import mask_url

    history = mask_url(str(config.store)) if is_url(config.store) else config.store
    click.echo(f"data folder: {config.data_dir}  history: {history}  (Ctrl-C stops)")
    sys.stdout.flush()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)
