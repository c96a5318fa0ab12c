"""``ethiclens serve``: the local web app (``ethiclens.web``, extra ``web``)."""

from __future__ import annotations

import click

from ._common import FILE, FOLDER, STRICT_INT


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8765, show_default=True, type=STRICT_INT, help="Port to listen on.")
@click.option(
    "--data-dir",
    default="ethiclens-data",
    show_default=True,
    type=FOLDER,
    help="Folder for uploads and the history; the only server files the app can read.",
)
@click.option(
    "--store",
    type=FILE,
    help="The history: a SQLite file (default: DATA_DIR/ethiclens-web.sqlite) or a PostgreSQL "
    "URL (schema ethiclens_web; prefer --store-env to keep the password off the command line).",
)
@click.option("--store-env", help="Environment variable holding the history's PostgreSQL URL.")
@click.option(
    "--token-file",
    type=FILE,
    help="Access token (one line). Required by every request; a --host other than a loopback "
    "address (127.x.x.x, ::1, localhost) gets a fresh one printed at start when this is not given.",
)
@click.option("--max-upload", default="1GB", show_default=True, help="Largest upload.")
@click.option(
    "--workers", type=STRICT_INT, help="Audits run at once (default: half the CPUs, ≤ 4)."
)
@click.option(
    "--db-env",
    multiple=True,
    help="Environment variable holding a database URL whose tables may be audited "
    "(repeatable; the browser sees only the variable's name).",
)
@click.option(
    "--db",
    multiple=True,
    help="A database URL whose tables may be audited (repeatable); kept in the server's "
    "environment as ETHICLENS_DB_1, ... (the name the browser and the config file see). "
    "Prefer --db-env to keep the password off the command line.",
)
@click.option(
    "--monitor-store",
    multiple=True,
    type=FILE,
    help="A store written by `ethiclens monitor --store` (a SQLite file or a PostgreSQL URL), "
    "shown read-only on the Monitoring page (repeatable; the browser picks among these only).",
)
def serve_command(host, port, **options):
    """Start the local web app: upload data, confirm the columns, read the audit (in a browser)."""
    from .._optional import require

    uvicorn = require("uvicorn", extra="web")
    require("starlette", extra="web")
    require("python_multipart", extra="web")
    from .._checks import check_workers
    from ..errors import EthicLensInputError
    from ..web import create_app, serve_settings

    check_workers(options["workers"], default="half the CPUs, at most 4", cli=True)  # or None
    flags = dict(data_dir="--data-dir", store="--store", monitor_stores="--monitor-store")
    try:
        config, printed = serve_settings(host, options, port)
        app = create_app(config)
    except EthicLensInputError as exc:  # WebConfig's keywords by their flags, its fix's too
        raise exc.renamed(n := {"WebConfig." + k: f for k, f in flags.items()}, words=n) from None
    _announce(config, host, port, printed)
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


def _announce(config, host: str, port: int, printed: str | None) -> None:
    """The start-up lines: the address (with a fresh token), the data folder, the history."""
    from ..web import start_lines

    click.echo("\n".join(start_lines(config, host, port, printed)))  # and flushes
