"""PDF from the HTML report through a headless Chromium/Chrome, when one is installed.

The print stylesheet in the report template decides the layout (wide tables on landscape pages,
repeated header rows, page numbers), so the PDF is exactly what a browser prints. The renderer is
a separate process with a time limit: one that crashes or hangs is stopped and reported in one
line, and the HTML report (written first by the CLI) is kept.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from .._checks import check_argument_type, is_number
from ..errors import EthicLensInputError, FaceFix
from ..fairness import in_python_words
from ._paths import write_suffixed

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
_SET = "ETHICLENS_CHROMIUM=/path/to/chrome"
_FIX = (
    "install Chromium (Debian/Ubuntu: apt-get install chromium; macOS: install Google Chrome) "
    f"or set {_SET}; the HTML report prints to PDF from any browser"
)
_refused = functools.partial(EthicLensInputError, column="--pdf")  # the renderer's refusals


def find_browser() -> str | None:
    """The Chromium-family browser to print with: ``$ETHICLENS_CHROMIUM`` or the first on PATH."""
    chosen = os.environ.get("ETHICLENS_CHROMIUM")
    if chosen:
        runs = Path(chosen).is_file() and os.access(chosen, os.X_OK)
        return chosen if runs else shutil.which(chosen)
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def _browser() -> str:
    """:func:`find_browser`'s; none is refused, the fix naming ``$ETHICLENS_CHROMIUM``'s value
    when it is set but runs nothing."""
    browser = find_browser()
    if browser is not None:
        return browser
    chosen = os.environ.get("ETHICLENS_CHROMIUM")
    now = (
        f"ETHICLENS_CHROMIUM=/path/to/chrome (now {chosen!r}, which is no program that runs: "
        "correct it, or unset it to use the first Chromium on PATH)"
    )
    raise _refused("no PDF renderer was found", fix=_FIX.replace(_SET, now) if chosen else _FIX)


def check_browser(timeout: float = 30.0) -> None:
    """Refuse, before any work, a PDF renderer that is missing or does not run: the browser
    must answer ``--version`` (``/bin/false`` or a text file does not), in one line."""
    timeout = _check_timeout(timeout)
    try:
        _run([_browser(), "--version"], timeout)
    except EthicLensInputError as exc:  # a Python caller typed no --pdf: the refusal names none
        raise EthicLensInputError(exc.problem, value=exc.value, fix=exc.fix) from None


# the longest wait subprocess takes (poll() counts milliseconds in a C int: 2,147,483 s)
_MOST_SECONDS = 1_000_000
_ABOVE_0 = "must be a number of seconds above 0"


def _check_timeout(timeout):
    """``timeout``, a number of seconds above 0 (None: no limit); anything else is refused
    naming the argument (a text, NaN: a bare TypeError or ValueError from ``subprocess``; 0 or
    -1: the renderer 'did not finish within -1 s'; inf, 1e300: a bare OverflowError from
    ``subprocess`` once the browser had started)."""
    if timeout is None or (is_number(timeout) and 0 < timeout <= _MOST_SECONDS):  # not NaN
        return timeout
    too_long = is_number(timeout) and timeout > _MOST_SECONDS
    raise EthicLensInputError(
        f"must be at most {_MOST_SECONDS:,} seconds" if too_long else _ABOVE_0,
        column="timeout",
        value=timeout,
        fix="e.g. timeout=120, or None for no limit",
        kind="argument",
    )


def html_to_pdf(html: str, path, *, timeout: float = 120.0) -> Path:
    """Print ``html`` to the PDF file ``path`` (written atomically); returns the path. A
    ``path`` that names no file, does not end in .pdf or whose folder is missing is refused
    naming the argument, before the browser runs; so is ``html`` that is no text and a
    ``timeout`` that is no number of seconds above 0."""
    problem, fix = "must be the report's HTML (a str), not", "e.g. html=render_html(result)"
    check_argument_type(html, str, column="html", problem=problem, fix=fix)
    pdf = functools.partial(_print, html, _check_timeout(timeout))
    # the renderer's refusals name the argument 'path' (the command line's, its --pdf:
    # spec.output_not_written), as every other refusal of this writer does
    in_words = functools.partial(in_python_words, pdf, {"--pdf": "path"})
    return write_suffixed(path, "report.pdf", "--pdf", ".pdf", "the PDF report", in_words)


def _print(html: str, timeout: float) -> bytes:
    """The PDF the browser prints of ``html``, checked whole."""
    browser = _browser()
    with tempfile.TemporaryDirectory(prefix="ethiclens-pdf-") as tmp:
        src, out = Path(tmp) / "report.html", Path(tmp) / "report.pdf"
        src.write_text(html, encoding="utf-8")
        cmd = [
            browser,
            "--headless",
            "--no-sandbox",  # root in containers and CI; the page is our own, with a strict CSP
            "--disable-gpu",
            "--no-pdf-header-footer",  # the stylesheet numbers the pages
            f"--user-data-dir={Path(tmp) / 'profile'}",
            f"--print-to-pdf={out}",
            src.as_uri(),
        ]
        _run(cmd, timeout)
        if not out.is_file() or out.stat().st_size == 0:
            raise _refused("the PDF renderer finished without writing a PDF", fix=_FIX)
        data = out.read_bytes()
        if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
            # a renderer that stopped mid-file (a full disk, a crash it did not report)
            raise _refused(
                f"the PDF renderer wrote an incomplete PDF ({len(data):,} bytes, no end "
                "marker %%EOF); nothing was written",
                fix="retry, or print the HTML report from a browser",
            )
        return data


def _ended(code: int) -> str:
    """How a process ended: 'exit 3', or 'killed by signal 11 (SIGSEGV)' (a negative code)."""
    if code >= 0:
        return f"exit {code}"
    try:
        return f"killed by signal {-code} ({signal.Signals(-code).name})"
    except ValueError:
        return f"killed by signal {-code}"


# a hung renderer: a Python caller can give it longer (timeout=); the command line cannot
_LONGER = FaceFix(
    "retry with a longer timeout (e.g. timeout=300, or None for no limit), or print the HTML "
    "report from a browser",
    cli="retry, or print the HTML report from a browser",
)


def _run(cmd: list[str], timeout: float) -> None:
    # A session of its own, so the browser is stopped with every helper process it started:
    # on a time-out, and on any other way out (Ctrl-C, SIGTERM turned into an exit by the CLI),
    # where it would otherwise outlive this process.
    try:
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
        )
    except OSError as exc:  # not a program (a text file: "Exec format error"), no permission
        raise _refused(
            f"the PDF renderer {cmd[0]!r} could not be started: {exc.strerror or exc}", fix=_FIX
        ) from None
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        problem = f"the PDF renderer did not finish within {timeout:g} s and was stopped"
        raise _refused(problem, fix=_LONGER) from None
    finally:
        _stop(proc)
    if proc.returncode != 0:
        lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
        raise _refused(
            f"the PDF renderer failed ({_ended(proc.returncode)}): "
            + (lines[-1][:200] if lines else "no message"),
            fix=_FIX,
        )


def _stop(proc: subprocess.Popen) -> None:
    """Kill the browser's process group (helpers left behind by a finished browser too) and
    reap it; its pipes are closed."""
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone already
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    for pipe in (proc.stdout, proc.stderr):
        pipe.close()
