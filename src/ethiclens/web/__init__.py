"""``ethiclens serve``: a local web app for people who do not write code (docs/web.md).

Upload a CSV/Parquet file, pick a file in the server's data folder or a shipped benchmark,
confirm the proposed column roles, and read the library's report; every page builds the same
request object as the CLI (:class:`ethiclens.spec.AuditSpec`) and the library runs it. Needs the
``web`` extra (``pip install 'ethiclens[web]'``); importing this package does not.
"""

from __future__ import annotations

from .._keywords import refusing_exports
from ._app import WebConfig, create_app
from ._roles import form_to_spec, profile, propose
from ._settings import parse_size, read_token_file, serve_settings, start_lines
from ._store import Store, is_url

__all__ = [
    "WebConfig",
    "create_app",
    "serve_settings",
    "start_lines",
    "read_token_file",
    "parse_size",
    "Store",
    "is_url",
    "profile",
    "propose",
    "form_to_spec",
]

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords)
refusing_exports(globals())
