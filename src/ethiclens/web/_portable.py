"""What leaves the server: the downloads of a finished request, and above all the config file,
which names the data as its user knows it (the file they uploaded, sanitised), never the
server's path, so ``ethiclens audit --config`` run in the folder that holds their file
reproduces the same audit."""

from __future__ import annotations

import json
import os
import re
import tempfile
import unicodedata
from pathlib import Path

from .._secrets import mask_secrets
from .._text import one_line
from ..errors import EthicLensInputError

SUFFIXES = {"csv": (".csv",), "parquet": (".parquet", ".pq"), "joined": (".csv", ".parquet")}
UNSAFE = re.compile(r"[^\w .+()-]+")
NAME_BYTES = 200  # of a data file's name in a config, before its suffix
# names Windows keeps for its devices, with any suffix ("NUL.csv", "aux.yaml.csv"): a file
# cannot be saved under them, so the config's name of the data is never one
DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$"]
    + [f"{port}{digit}" for port in ("COM", "LPT") for digit in "0123456789"]
)


def server_names(row: dict, user: str | None = None) -> tuple[tuple[str, str], ...]:
    """(name on the server, name its user knows) of a stored data file (``row``: its data
    record): its whole path first, then its last part (a random name in the data folder),
    which a refusal quotes alone ("first at NAME line 2"). The user's name is ``user``, else
    the one the config file gives it (:func:`portable_name`). For :func:`renamed`."""
    path = row.get("path")
    if not path:
        return ()
    user = user or portable_name(row)
    return ((str(path), user), (Path(path).name, user))


def renamed(value, names):
    """``value`` (JSON-like) with every ``old`` of ``names`` replaced by its ``new``, in keys
    and in text."""
    if isinstance(value, str):
        for old, new in names:
            value = value.replace(old, new)
        return value
    if isinstance(value, dict):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(renamed(v, names) for v in value)
    return value


def portable_name(data: dict, stem_only: bool = False) -> str:
    """The data file's name for a config file: the user's own name (its last part), with
    anything but letters, digits, space and ``. + ( ) - _`` replaced, and the suffix its
    content has. It is text in a file the user reads; the server never opens it. A password
    in it is masked first (``token=***``, then cleaned to ``token``): cleaned first, its
    ``token_sekret`` was no longer seen as one by the reports' masking."""
    name = unicodedata.normalize("NFKC", str(data.get("name") or ""))
    name = mask_secrets(name.replace("\\", "/").rsplit("/", 1)[-1])
    name = UNSAFE.sub("_", name).strip(" .-_")[:100]
    kind = data.get("kind") or "csv"
    if kind == "joined":
        kind = "parquet" if str(data.get("path", "")).endswith(".parquet") else "csv"
    suffixes = SUFFIXES.get(kind, (".csv",))
    stem = name
    for suffix in suffixes:
        if name.lower().endswith(suffix):
            stem = name[: -len(suffix)].rstrip(" .-_")
            suffixes = (name[len(stem) :],) if stem else suffixes
            break
    # at most NAME_BYTES in UTF-8, cut on a letter: a file system's bound on a name is 255
    # bytes, and 100 CJK letters are 300 (no file could be saved under the name)
    stem = stem.encode()[:NAME_BYTES].decode("utf-8", "ignore") or "data"
    return stem if stem_only else not_a_device(stem + suffixes[0])


def not_a_device(name: str) -> str:
    """``name``, its part before the first dot followed by ``_`` when Windows reads that part
    as a device (``CON.csv``, ``nul .csv``, ``Aux.yaml.csv``: ``CON_.csv``), which no file
    may be named: the file's name in a config is one its user can save the file under."""
    head, dot, rest = name.partition(".")
    if head.rstrip(" ").upper() not in DEVICES:
        return name
    return f"{head.rstrip(' ')}_{dot}{rest}"


def stem_of(audit: dict) -> str:
    return f"ethiclens-{audit['id'][:8]}"


def config_text(web, audit: dict) -> str:
    """The config file of a request: YAML, only what differs from the defaults."""
    from ..io import dump_yaml
    from ..spec import AuditSpec, method_named

    spec = json.loads(audit["spec"])
    path = (spec.get("target") or {}).get("file")
    row = web.store.data_at(path) if path else None
    if row is not None:  # the request names its file as the user knows it
        spec = {**spec, "target": {**spec["target"], "file": portable_name(row)}}
    spec = method_named(AuditSpec.from_dict(spec))  # the method its report names
    command = "thresholds" if audit["purpose"] == "thresholds" else "audit"
    head = (
        "# EthicLens audit request, made by the web app (ethiclens serve).\n"
        "# Run the same audit from the command line or in CI:\n"
        f"#   ethiclens {command} --config THIS_FILE --json out.json --html out.html\n"
    )
    head += run_note(audit)
    if row is not None:
        head += _where_the_data_is(row, spec.target.file, audit)
    if spec.target.db_env:
        head += (
            f"# target.db_env: the database's URL is read from the environment: "
            f"export {spec.target.db_env}='{url_example(spec.target.db_env)}' first\n"
        )
    return head + dump_yaml(_portable_data(spec, audit["purpose"]))


# the stored messages of a server's failures (_web.BUSY_MESSAGE, _jobs.WORKER_STOPPED's),
# not of a request: here, since both of those modules import this one
SERVER_FAILURES = ("busy", "worker stopped")


def reproduces_failure(audit: dict) -> bool:
    """Whether the request of a failed audit fails the same way run from its config file (its
    data or mapping was refused), not a failure of the server (a full queue, a worker that
    stopped), which the config runs past."""
    if audit.get("status") != "failed":
        return False
    error = json.loads(audit.get("error") or "{}")
    return isinstance(error, dict) and error.get("message") not in SERVER_FAILURES


def run_note(audit: dict) -> str:
    """The config's line on a request the web app did not finish: a failed one's command
    reproduces its failure (the refusal, with its fix, from the command line)."""
    if reproduces_failure(audit):
        return (
            "# This request failed in the web app: the command above reproduces that failure "
            "(the same refusal and fix)\n"
        )
    if audit.get("status") in ("failed", "interrupted"):
        return "# The web app's run of this request did not finish: the command above runs it\n"
    return ""


def _portable_data(spec, purpose: str) -> dict:
    """The config's data: a threshold view's records its audited threshold, 0.5 (the default,
    which a minimal dict leaves out) too, as the result page and the docs say it does."""
    return spec.to_config(purpose)


def url_example(env_name: str) -> str:
    """A URL of the kind the server's database is, to export under ``env_name`` (the server's
    own is never written: it may hold a password, or a path on the server)."""
    scheme = os.environ.get(env_name, "").strip().partition("://")[0].lower()
    if scheme.startswith("sqlite"):
        return "sqlite:///path/to/the-database.db"
    if not re.fullmatch(r"[a-z][a-z0-9+.-]*", scheme):
        scheme = "postgresql+psycopg"
    return f"{scheme}://user:password@host/db"


def _where_the_data_is(row: dict, name: str, audit: dict) -> str:
    if row["kind"] == "joined":
        return (
            f"# target.file is the table the web app joined from the two models' files: "
            f"download it from the result page\n#   (/audits/{audit['id']}/download/table) "
            f"into the folder you run this from, as {name}\n"
        )
    # the name as the pages show it (their escapes, a line break as "\\n"): one comment line
    shown = one_line(mask_secrets(row["name"]))
    return (
        f"# target.file is your file ({shown}): run this in the folder that holds it, under "
        f"the name {name}\n"
    )


def download_of(web, audit: dict, kind: str) -> tuple | None:
    """(body, media type, file name) of a finished request's download, or None (a failed or
    interrupted request has its config only, and the joined table it names)."""
    stem = stem_of(audit)
    if kind == "json":
        return audit["result"], "application/json", f"{stem}.json"
    if kind == "html":
        return audit["html"], "text/html", f"{stem}.html"
    if kind == "card" and audit["card"]:
        return audit["card"], "text/markdown", f"{stem}-model-card.md"
    if kind == "csv" and audit["csv"]:
        return audit["csv"], "text/csv", f"{stem}-thresholds.csv"
    if kind == "config":
        return config_text(web, audit), "application/yaml", f"{stem}.yaml"
    return None


def pdf_available() -> bool:
    """Whether the library offers a PDF printer (``ethiclens.report.html_to_pdf``) and a
    browser to print with."""
    from .. import report

    printer = getattr(report, "html_to_pdf", None)
    finder = getattr(report, "find_browser", None)
    return printer is not None and (finder is None or finder() is not None)


def print_pdf(html: str) -> bytes | None:
    """The library's PDF of a report, or None where this server cannot print."""
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
