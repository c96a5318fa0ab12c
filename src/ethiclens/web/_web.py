"""What every page handler shares: the server's settings, its history store, the worker pool,
the page templates and the helpers that render a page, refuse a form or queue a request.

One :class:`Web` per application, reached from a request as ``web_of(request)``; the route
modules (``_routes_*.py``) hold the handlers themselves.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import re
import secrets
from collections import OrderedDict
from decimal import Decimal
from pathlib import Path

from .._secrets import (
    mask_secrets,
    mask_typed_url,
    masked_cut,
    masked_quotes,
    url_shaped,
    url_text,
)
from .._text import count_text, html_safe, percent, spaced_name, threshold_text
from ..errors import _REPR, EthicLensInputError, in_cli_words
from ._jobs import NOT_LISTED, Busy, Runner, value_text
from ._store import Conflict, Store
from ._uploads import FORM_FIX, UNREADABLE, limit_text, media_problem

HERE = Path(__file__).parent
ID = re.compile(r"^[0-9a-f]{24}$")
DATA_SUFFIXES = (".csv", ".parquet", ".pq")
LISTED_FILES = 200  # the data folder's files the picker lists (and /pick opens), in name order
# The mapping form has two fields per column of the data (its reference group and bin edges):
# a wide export (hundreds of columns) must fit. The 1 MB limit on a form's body bounds the rest.
MAX_FORM_FIELDS = 20_000
FORM_BYTES = 1 << 20  # a form other than the upload: its whole body, the most one buffers
# A text field of a form (the intended use, a merge box) takes this much; a longer one is
# refused next to its field, not as an unreadable form.
FIELD_BYTES = 64 * 1024
BUSY = "the server is busy: the audit queue is full"
BUSY_MESSAGE = "busy"  # the stored error's message of a request a full queue refused
BUSY_ERROR = {
    "problem": "the server is busy (the audit queue is full)",
    "column": None,
    "fix": "try again in a few minutes",
    "message": BUSY_MESSAGE,
}
CHANGED_ELSEWHERE = "this audit was changed in another tab or window since this page was loaded"
BEYOND = 10**19  # above any revision, page or length here (SQLite's integers stop at 2**63 - 1)


def digits_number(text) -> int | None:
    """ASCII digits a request sent (a revision, a page, a length), as their number; more than
    19 of them as :data:`BEYOND` (no int() of thousands of digits: Python refuses past 4,300,
    SQLite past 2**63 - 1); None for anything else ("", " 1", "+1", "1_0", "٣")."""
    if not (isinstance(text, str) and text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 19 else BEYOND


# The pages that only show what was sent (no field sends a name back, as the mapping screen's
# and the data screen's do): every password in their text masked, as the library's report
SHOWN_PAGES = frozenset(
    {"audit.html", "history.html", "diff.html", "monitoring.html", "monitor_store.html"}
)


APP_HEX = re.compile(r"[0-9a-f]+")  # an audit's id, a form's token: the app's, never masked
# a plot, whole (a name that merely starts 'data:image/' is the user's: masked)
APP_PLOT = re.compile(r"data:image/png;base64,[A-Za-z0-9+/]*={0,2}")


class Masked(str):
    """A line of the app's words around pieces of user text, each piece masked alone
    (:func:`masked_piece`): shown as it is, since a pattern over the whole line runs past a
    name into the app's words (a group 'password=' read 'password= *** A', its 'vs' eaten)."""


def masked_piece(value) -> str:
    """A piece of user text (a group may be a number) with its password masked."""
    return mask_secrets(str(value))


def masked_message(text) -> str:
    """A message's text (a refusal's problem or fix) masked as the library masks its own
    (``masked_quotes``): each quoted name alone, so a choice named ``a password='x`` never
    eats the choices and words after it, as masking the whole text did."""
    return masked_quotes(str(text), mask_secrets)


def masked_path(rel: str) -> str:
    """A data-folder file's relative name as the picker shows and sends it: each part (a
    folder, the file) with its password masked alone, so a folder 'key password=x' never eats
    the file's name after it; :func:`listed_file` reads it back."""
    return "/".join(masked_piece(part) for part in str(rel).split("/"))


def listed_file(sent: str, files: list[str]) -> str | None:
    """The one listed file ``sent`` names, as it is or as the picker shows it
    (:func:`masked_path`); None when none. Two shown alike are refused, never guessed."""
    meant = [f for f in files if sent in (f, masked_path(f))]
    if len(meant) > 1:
        raise EthicLensInputError(
            f"names {len(meant)} files of the data folder, shown alike on this page: "
            f"{', '.join(map(ascii, map(masked_path, meant)))}",
            value=sent,
            fix="rename one of these files on the server, so that each is shown as itself",
        )
    return meant[0] if meant else None


def masked_names(text, names) -> Masked:
    """A sentence of the library's (a reason, a gate's line) with each of the user ``names``
    in it (attributes, groups, references) masked alone and the library's words around them
    masked apart (``report.masked_sentence``, as the reports do): masked whole, a group
    'password=' read 'password= *** the favourable label' ('receives' eaten)."""
    from ..report import masked_sentence

    return Masked(masked_sentence("" if text is None else text, names))


@functools.cache
def templates(masked: bool = False):
    """The app's Jinja2 pages: autoescaped, and an undefined name is an error, not a blank.
    ``masked``: every value shown with its passwords as ``***`` (:func:`_shown_masked`), for
    the pages that only show (no field sends a name back). One environment of each kind per
    process, shared by every app: a page is compiled once (0.1 s for the mapping screen), not
    once per app (it holds no app's state; a template edited on disk is still reloaded)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        finalize=_shown_masked if masked else _shown_safely,
    )
    env.filters["pct"] = lambda v: "—" if v is None else f"{v:z.1%}"
    env.filters["num"] = lambda v: "—" if v is None else f"{v:z.3f}"
    env.filters["evalue"] = _e_value_shown
    env.filters["di_bound"] = _di_bound
    # the level 1 - alpha of a monitor's confidence sequences, exactly (99.9%, never 100%)
    env.filters["sequence_level"] = lambda alpha: percent(1 - Decimal(repr(float(alpha))))
    # a policy threshold (or 1/t) as every report prints it: exact, 0.80 for the default
    env.filters["threshold"] = threshold_text
    # a count as the terminal prints it (5,000); a damaged store's text as written (escaped)
    env.filters["grouped"] = count_text
    env.filters["shown"] = _shown_safely  # the visible form a browser sends back, to compare
    env.filters["typed"] = typed_form  # an option's value: a line break as "\\n" too
    env.filters["named"] = named_form  # a result's name: typed_form, a spaced one quoted
    env.filters["masked"] = masked_piece  # a name a page only shows, as the history shows it
    env.filters["masked_path"] = masked_path  # a data-folder file, as the picker lists it
    return env


def stored_figure(value, edges=()) -> str:
    """A stored record's figure as ``report.format_number`` prints it (None as —); a value
    that is no number (a record changed under the server) as a note saying so, in its cell,
    never the library's refusal of its argument (a 500, or a whole page lost for one cell)."""
    from .._checks import is_number
    from ..report import format_number

    if value is None or is_number(value):
        return format_number(value, edges=edges)
    return f"— (damaged record: {value_text(value)} is no number)"


def _di_bound(value, di_threshold) -> str:
    """A DI interval bound as the reports print it beside the two-sided band [t, 1/t]: as many
    places as it takes to read on its side of the nearest edge (0.79996, not 0.800, against
    0.80; ``report.format_number``'s ``edges``); None as —."""
    from ..report import policy_edges

    edges = policy_edges("disparate_impact", {"di_threshold": di_threshold})
    return stored_figure(value, edges)


def _e_value_shown(log_e, threshold=None):
    """An e-value from its log, as the monitor's own faces show it (beyond a double too; beside
    its test's alarm level ``threshold``, on the side the test puts it: 19.96, never 20)."""
    from ..monitor import e_value_text

    return e_value_text(log_e, threshold)


def _shown_safely(value):
    """Every value a page shows: control characters and bidi overrides from user text (a
    group, a file name) written as visible escapes, as in the reports (``html_safe``)."""
    from markupsafe import Markup

    if isinstance(value, Markup):
        return Markup(html_safe(value))
    return html_safe(value) if isinstance(value, str) else value


def _shown_masked(value):
    """A value as :func:`_shown_safely` shows it, a password in it (a group named like
    ``postgresql://u:pw@h/db``) as ``***``, as the library's report shows it. The app's own
    values as they are: an id or a form token (hex, which a server database's remembered
    password such as ``1234`` could be part of: a link or a form would break) and a plot (a
    data: URI of base64, whose last characters could read ``token=``)."""
    from markupsafe import Markup

    own = isinstance(value, Masked) or (
        isinstance(value, str) and (APP_HEX.fullmatch(value) or APP_PLOT.fullmatch(value))
    )
    if isinstance(value, str) and not isinstance(value, Markup) and not own:
        value = mask_secrets(value)
    return _shown_safely(value)


def typed_form(value):
    """A name as an option's value or a datalist offers it: its visible form
    (``html_safe``) with a line break written "\\n" too, since a browser sends a raw one in a
    value as CR LF and a text box strips it; :func:`shown_forms` reads it back."""
    return _shown_safely(value).replace("\n", "\\n") if isinstance(value, str) else value


def named_form(value):
    """A name a result page shows (an attribute, a group, a reference), as the reports and the
    terminal say it: quoted when whitespace is around it (``' d'``:
    :func:`ethiclens._text.spaced_name`; a page folds the spaces of a bare `` d`` away, and it
    read as ``d``), then as :func:`typed_form` shows it (escaped by the page)."""
    return typed_form(spaced_name(value))


def shown_forms(name: str) -> set[str]:
    """The forms a page shows ``name`` in, other than itself, which a browser sends back or a
    user types: its visible form, with a line break as "\\n" and a CR as "\\r" (as a refusal's
    list of names writes them) or "\\x0d" (as ``html_safe`` does)."""
    typed = typed_form(name)
    cr = "\\r".join(map(typed_form, name.split("\r")))  # a CR's, never a literal "\\x0d"
    forms = {name, _shown_safely(name), typed, cr}
    return (forms | {mask_secrets(f) for f in forms}) - {name}  # as the mapping screen shows it


def _utf8(text: str) -> bool:
    """Whether ``text`` is UTF-8 text (no lone surrogate of an undecodable byte)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def web_of(request) -> Web:
    return request.app.state.web


# a whole value typed as a URL without its scheme: user:password@host, the password holding
# anything but a space ('u:http://Zq@h', which a page's masking of names reads as a name before
# a URL of a known scheme, 'race:postgresql://u@h', and keeps)
_BARE_TYPED_URL = re.compile(r"[^\s:/@]+:\S*@\S*")


def typed_shown(value):
    """A field's value as a visitor typed it, as a page shows it: a URL (``scheme://...``, or
    ``user:password@host`` without a scheme, as ``--db`` reads it) masked as :func:`mask_url`
    masks it, its secrets not remembered (a visitor's words masked for all); else as typed."""
    if not isinstance(value, str):
        return value
    text = url_text(value)
    return mask_typed_url(text) if url_shaped(text) or _BARE_TYPED_URL.fullmatch(text) else value


def cut_value(value, length: int = 40) -> str:
    """A value a visitor sent (a query parameter, a form's field), as a refusal names it in a
    line of ``length`` characters at most: masked whole (:func:`typed_shown`, then every
    credential pattern), then cut. Cut first, a URL's password longer than the line lost its
    '@' and no pattern knew it for one: ``'postgresql://u:S3crS3crS3crS3crS3cr'`` was shown."""
    return masked_cut(typed_shown(str(value)), length)


def said(exc: EthicLensInputError) -> str:
    """An error as one line for the page: the problem, the value it is about, then the fix,
    as the error's own message (``str(exc)``) writes them, every credential masked; its
    column is the page's field it is shown by. A fix the library gives in pandas code for
    Python is said in the words for files (:func:`page_fix`)."""
    return str(EthicLensInputError(exc.problem, value=exc.value, fix=page_fix(exc)))


def page_fix(exc: EthicLensInputError):
    """``exc``'s fix as a page says it: the words of a face that gives files (the command
    line's, :func:`~ethiclens.errors.in_cli_words`) where the library's are pandas code for
    Python; a browser's user edits the file, never a data frame."""
    return in_cli_words(exc).fix


def said_named(exc: EthicLensInputError, names=()) -> Masked:
    """:func:`said`'s line with each of the user ``names`` in it masked alone
    (:func:`masked_names`): the error masks its message whole, so a group 'password=' named in
    it read '(attr:password= *** A)', the library's 'vs' eaten."""
    shown = "" if exc.value is None else f" (value: {_REPR.repr(exc.value)})"
    fix = page_fix(exc)
    return masked_names(exc.problem + shown + (f". Fix: {fix}" if fix else ""), names)


def problem_said(exc: EthicLensInputError) -> str:
    """An error's problem with the value it is about, as :func:`said` writes them (a page
    that shows the fix apart)."""
    return str(EthicLensInputError(exc.problem, value=exc.value))


def heading(problem: str, names: tuple = ()) -> str:
    """``problem`` as a page's heading: a capital first where it begins with a word of the
    app's own (``the``, ``no``), never where a name the user gave begins it (one of ``names``;
    a file's "model-a-vs-model-b.csv", a quoted column), which it shows exactly as given."""
    if any(n and problem.startswith(n) for n in names) or not re.match(r"[a-z]+[ ,:;(]", problem):
        return problem
    return problem[0].upper() + problem[1:]


MANY_VALUED = ("protected",)  # the mapping form's ticked attributes: the one repeated field


def repeated_name(items) -> str | None:
    """The first field name of ``items`` ((name, value) pairs of a form or a query) sent more
    than once, but for :data:`MANY_VALUED`; None when each is sent once."""
    seen = set()
    for name, _ in items:
        if name in seen and name not in MANY_VALUED:
            return name
        seen.add(name)
    return None


def verdict_word(counts: dict) -> str:
    """The headline of a finished request (``counts``: its comparisons per status): its worst
    verdict in the report's order (``report.STATUS_ORDER``), so a comparison that could not be
    judged (UNDEFINED, INSUFFICIENT_DATA) is never read as a PASS; DONE when none was made."""
    from ..report import STATUS_ORDER

    return next((status for status in STATUS_ORDER if counts.get(status)), "DONE")


def data_of(row: dict) -> str:
    """What tells a listed request's data apart from another of the same name (two uploads
    of ``loans.csv`` read alike on the history): when it was added, its rows (where its
    profile read the whole file) and the first 8 digits of its id; "" for a request of no
    data record. Plain text: the page escapes it."""
    if not row.get("data_id"):
        return ""
    parts = [f"added {row['data_created']}"] if row.get("data_created") else []
    try:
        profile = json.loads(row.get("data_profile") or "{}")
    except ValueError:  # a damaged profile: its rows unsaid, the rest still tells it apart
        profile = {}
    rows = profile.get("sample_rows") if isinstance(profile, dict) else None
    if isinstance(profile, dict) and profile.get("whole_file") is True and type(rows) is int:
        parts.append(f"{rows:,} row{'s' if rows != 1 else ''}")
    parts.append(f"data {str(row['data_id'])[:8]}")
    return " · ".join(parts)


def listed_word(row: dict) -> str:
    """What a listed request (a store history row) reads as, on the history page and the home
    page's recent audits alike: a finished one's :func:`verdict_word`, else its state
    (queued, running, failed); "damaged" for a record that cannot be read (one row never
    takes the page down): its request or its verdict (:func:`damaged_column`)."""
    if damaged_column(row, ("spec", "verdict")):
        return "damaged"
    if row["status"] != "done":
        return row["status"]
    return verdict_word(json.loads(row["verdict"] or "{}").get("status_counts", {}))


class DamagedRecord(Exception):
    """A stored request whose JSON cannot be read: its page says so (410), naming the
    column, rather than failing as an internal error."""

    def __init__(self, audit_id: str, column: str, record: str | None = None):
        super().__init__(audit_id, column)
        self.audit_id, self.column = audit_id, column
        self.record = record  # the record's words when not an audit's (a file's profile)


# the history's columns whose JSON object a request's pages read
_JSON_COLUMNS = ("spec", "result", "verdict", "error")
# the states and the kinds of request the app writes in the history
_STATES = ("draft", "queued", "running", "done", "failed", "interrupted")
_PURPOSES = ("audit", "compare", "thresholds")


def damaged_column(row: dict, read=_JSON_COLUMNS) -> str | None:
    """The first of a stored request's JSON columns (:data:`_JSON_COLUMNS`) whose text is not
    what the app wrote there (not JSON, not an object; of the columns a page ``read``s, one
    whose values the app never wrote: a status that is not one, a number as text, a missing
    key), else None. Checked once, as the record is read, so that a page bug on an intact
    record is a bug, not a damaged record. Its state and its kind first: one the app never
    writes (a status ``nope``) is damaged too."""
    for column, known in (("status", _STATES), ("purpose", _PURPOSES)):
        if column in row and row[column] not in known:
            return column
    for column in ("spec", "result", "html", "verdict"):  # a finished request always has them
        if row.get("status") == "done" and column in row and row[column] is None:
            return column
    for column in _JSON_COLUMNS:
        if row.get(column) is None:
            continue
        try:
            # a request as sent: NaN in one an older version ran (pos_label), refused on its run
            constant = None if column == "spec" else _no_constant
            value = json.loads(row[column], parse_constant=constant)
        except (ValueError, TypeError, RecursionError):  # nested past the parser's depth
            return column
        if not isinstance(value, dict) or column in read and not _intact(column, value, row):
            return column
    return None


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON the app writes")  # NaN, Infinity: always null


def _intact(column: str, value: dict, row: dict) -> bool:
    """Whether a stored JSON object holds what the app wrote in ``column``: a request the
    library reads as a spec, a finished result with what its pages read, the verdict's
    counts of statuses, the error's texts."""
    if column == "spec":  # one that did not finish may be one the library refuses (its error)
        return _spec_intact(row["spec"]) if row.get("status") == "done" else _request_read(value)
    if column == "result":
        return row.get("status") != "done" or _result_valid(value, row.get("purpose"))
    if column == "verdict":
        counts, flagged = value.get("status_counts"), value.get("flagged")
        models = value.get("models", {"a": "", "b": ""})
        notes = value.get("notes", [])  # none in a record of an older version
        return (
            isinstance(notes, list)
            and all(isinstance(n, str) for n in notes)
            and isinstance(counts, dict)
            and all(k in _STATUSES and type(n) is int and n >= 0 for k, n in counts.items())
            and isinstance(flagged, list)
            and all(isinstance(f, str) for f in flagged)
            and isinstance(models, dict)
            and all(isinstance(models.get(k), str) for k in "ab")
        )
    texts = ("problem", "column", "kind", "fix", "value", "message")  # the error
    return all(isinstance(value.get(k), str | None) for k in texts) and isinstance(
        value.get("input", False), bool
    )


@functools.lru_cache(maxsize=1024)
def _spec_intact(text: str) -> bool:
    """Whether a stored request (its JSON object's text) is one the library reads as a spec,
    its predictions a list, as the app writes them (pages index it). Kept by its text: the
    library takes milliseconds a request, the history lists 200 of them on each load."""
    from ..spec import AuditSpec

    value = json.loads(text)
    try:
        AuditSpec.from_dict(value, source="the stored request")
    except (EthicLensInputError, TypeError, ValueError):
        return False
    return _request_read(value)


def _request_read(value: dict) -> bool:
    """Whether a stored request holds what the pages read of it without the library: its
    sections objects, its predictions a list (pages index it)."""
    sections = (v for k, v in value.items() if k != "version")
    roles = value.get("roles") or {}
    return all(isinstance(v, dict | None) for v in sections) and isinstance(
        roles.get("y_pred", []), list
    )


def _result_valid(result: dict, purpose) -> bool:
    """Whether a finished request's result holds what its pages read, of the types its report
    schema gives them (an audit's comparisons, a comparison's verdicts and its two audits, a
    threshold view's rows): checked in Python, as a schema validator takes minutes on a
    result of thousands of groups."""
    config = result.get("config")
    policy = config.get("policy", {}) if isinstance(config, dict) else None
    if not isinstance(policy, dict) or not all(
        _number(policy[k]) for k in ("di_threshold", "eo_threshold") if k in policy
    ):
        return False
    run = result.get("run")  # the diff's gate reads its spec
    if not isinstance(run, dict | None) or not isinstance((run or {}).get("spec"), dict | None):
        return False
    if purpose == "compare":
        models, audits = result.get("models"), result.get("audits")
        return (
            _rows(result.get("verdicts"), _verdict_row)
            and isinstance(models, dict)
            and _texts(models, "ab")
            and isinstance(audits, dict)
            and all(
                isinstance(audits.get(k), dict) and _result_valid(audits[k], "audit") for k in "ab"
            )
        )
    if purpose == "thresholds":
        return _number(result.get("audited_threshold")) and _rows(
            result.get("rows"), _threshold_row
        )
    return _rows(result.get("comparisons"), _comparison)


# the library's statuses (``fairness.STATUSES``; not imported: the pages load without the engine)
_STATUSES = ("FLAGGED", "INCONCLUSIVE", "PASS", "INSUFFICIENT_DATA", "UNDEFINED", "REPORTED")
_VALUES = ("value", "ci_low", "ci_high")  # a metric's numbers, each a number or null


def _number(value, null: bool = False) -> bool:
    return (null and value is None) or type(value) in (int, float)


def _texts(row: dict, keys) -> bool:
    return all(isinstance(row.get(k), str) for k in keys)


def _rows(rows, check) -> bool:
    return isinstance(rows, list) and all(isinstance(r, dict) and check(r) for r in rows)


def _comparison(c: dict) -> bool:
    metrics = c.get("metrics")
    return (
        _texts(c, ("attribute", "group", "reference"))
        and c.get("status") in _STATUSES
        and isinstance(c.get("flagged"), bool)
        and isinstance(c.get("flag_reason", ""), str | None)
        and isinstance(metrics, dict)
        and all(
            isinstance(m, dict)
            and all(k in m and _number(m[k], null=True) for k in _VALUES)
            and m.get("status") in _STATUSES
            and isinstance(m.get("reason"), str | None)
            for m in metrics.values()
        )
    )


def _verdict_row(v: dict) -> bool:
    texts = _texts(v, ("attribute", "group", "reference"))
    return texts and v.get("status_a") in _STATUSES and v.get("status_b") in _STATUSES


def _threshold_row(row: dict) -> bool:
    return (
        _texts(row, ("attribute", "group"))
        and row.get("status") in (*_STATUSES, None)
        and isinstance(row.get("audited"), bool)
        and _number(row.get("threshold"))
    )


def intervals_text(result: dict) -> str:
    """How a result's intervals were made, as its config records them ('95% intervals,
    jeffreys'): the audit page says it, and each side of a diff (the two may differ)."""
    config = result.get("config") or {}
    level, method = config.get("confidence_level"), config.get("ci_method")
    if not isinstance(level, (int, float)) or not method:
        return "intervals of a method the report does not record"
    return f"{percent(level)} intervals, {method}"


async def in_thread(func, *args, **kwargs):
    """Run blocking work (pandas, the store's disk) off the event loop."""
    import anyio

    return await anyio.to_thread.run_sync(lambda: func(*args, **kwargs))


# How many forms already sent the server remembers (each kind: mapping forms, threshold views'
# forms, benchmark forms), to open what the first one started when the same form comes again
# (a double click). Only the newest are kept, so that a server running for months (or a client
# sending forms in a loop) never grows without end; a mapping or threshold form sent again
# after it was forgotten gets the 409 of a page drawn before (open the audit again, and send
# its form from there); a benchmark form runs its audit again.
FORMS_KEPT = 10_000


class Recent(OrderedDict):
    """A dict keeping only its ``cap`` newest entries (the oldest dropped first)."""

    def __init__(self, cap: int = FORMS_KEPT):
        super().__init__()
        self.cap = cap

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.cap:
            self.popitem(last=False)


def redirect(url: str):
    from starlette.responses import RedirectResponse

    return RedirectResponse(url, status_code=303)


def csrf_key(token: str | None) -> bytes:
    """The key of the forms' security tokens: with an access token, one drawn from it, so that
    a page's forms still hold after its server restarts (``--token-file``) and on another
    server of the same token sharing its history (behind one address); anyone who can
    compute it holds the access token already. Without one (loopback only): this process's
    own, random."""
    if token is None:
        return secrets.token_bytes(32)
    return hmac.new(token.encode(), b"ethiclens form tokens", hashlib.sha256).digest()


def _text_fields(form) -> dict:
    """:meth:`Web.form_of`'s reading of a parsed form (its text values only)."""
    data, too_long, files = {}, {}, []
    for name, value in form.multi_items():
        if not isinstance(value, str):
            files.append(name)
            continue
        if len(value.encode()) > FIELD_BYTES:
            too_long[name] = (
                f"is {limit_text(len(value.encode()))} long, over this form's limit of "
                f"{limit_text(FIELD_BYTES)} for a field. Fix: shorten it to at most "
                f"{limit_text(FIELD_BYTES)}"
            )
        else:
            data[name] = value
    data["protected_list"] = [v for v in form.getlist("protected") if isinstance(v, str)]
    data["too_long"] = too_long
    data["repeated"] = repeated_name(form.multi_items())
    data["file_field"] = files[0] if files else None
    return data


class Web:
    """The state of one application: settings, store, pool, templates and the CSRF secret."""

    def __init__(self, config, store: Store, runner: Runner):
        self.config, self.store, self.runner = config, store, runner
        self.env = templates()
        self.shown_env = templates(masked=True)  # the pages that only show: SHOWN_PAGES
        self._secret = csrf_key(config.token)
        # (audit, revision, threshold typed) -> the threshold view that form started: a second
        # click on it (the same form sent twice) opens that view instead of starting another
        self.views: Recent = Recent()  # (the newest FORMS_KEPT)
        # (audit, revision) -> what its mapping form asked when it was queued: the same form
        # sent again (a double click on Run) opens that audit instead of a 409
        self.mapped: Recent = Recent()
        # (the benchmark form's page id, what it asked) -> the audit it queued: the same form
        # sent again (a double click, the back button's re-post) opens it, never a second run
        self.benchmarks: Recent = Recent()
        # (a finished audit, its page's form id) -> the draft its "Change the mapping and run
        # again" form made: the same form sent again opens that draft, never a second one
        self.drafts: Recent = Recent()

    # -- pages ---------------------------------------------------------------------------------
    def csrf_for(self, sid: str) -> str:
        return hmac.new(self._secret, sid.encode(), hashlib.sha256).hexdigest()

    def page(self, request, name: str, code: int = 200, **context):
        from starlette.responses import HTMLResponse

        # every refusal by its field masked, as an error page's and an error's own message are
        # (one built from what was typed: a URL in the database field)
        errors = context.get("errors") or {}
        context["errors"] = {k: masked_message(v) for k, v in errors.items()}
        # the mapping screen too: a name it offers is sent back masked and read back as the
        # one it shows (``_roles.read_back``), so no password of a column or group is drawn
        env = self.shown_env if name in SHOWN_PAGES or name == "mapping.html" else self.env
        html = env.get_template(name).render(csrf=request.state.csrf, **context)
        return HTMLResponse(html, status_code=code)

    def error_page(
        self, request, status: int, problem: str, fix: str = "", field_name="", link=None, name=()
    ):
        """The page of a refusal; ``link`` (address, words) leads to where the fix is; ``name``:
        the user's names (a file's) the problem may begin with. Every credential its words
        quote is masked (as the error's own message masks it); a :class:`Masked` fix (the app's
        own words, ``?token=...``) is shown as it is."""
        return self.page(
            request,
            "error.html",
            status,
            status=status,
            problem=heading(masked_message(problem), name),
            fix=fix if isinstance(fix, Masked) else masked_message(fix),
            field=field_name,
            link=link,
        )

    def changed_elsewhere(self, request, audit_id: str):
        """409: the audit changed since this form was drawn (another tab); the first stands."""
        return self.error_page(
            request,
            409,
            CHANGED_ELSEWHERE,
            "open the audit again to see its current state",
            link=(f"/audits/{audit_id}", "Open the audit"),
        )

    def home_page(self, request, status: int, **context):
        """The data screen again, with what went wrong next to its field."""
        from .. import datasets

        files = self.server_files(LISTED_FILES + 1)
        return self.page(
            request,
            "home.html",
            status,
            databases=self.config.databases,
            benchmarks=datasets.names("audit"),  # the registry says which an audit takes
            files=files[:LISTED_FILES],
            more_files=len(files) > LISTED_FILES,  # said: a file past them cannot be picked
            limit=limit_text(self.config.max_upload),
            history=[
                {**h, "word": listed_word(h), "data_of": data_of(h)}
                for h in self.store.history(limit=5)
            ],
            form_id=secrets.token_hex(12),  # the benchmark form's: one per page drawn
            **context,
        )

    def moved_out(self, *rows: dict | None) -> bool:
        """Whether a data file of ``rows`` (data records) no longer resolves inside the folder
        it was stored in (the data folder, not its uploads; or the uploads folder): a file
        replaced by a link out of it since it was picked, which is never read."""
        root = self.config.data_dir
        uploads = root / "uploads"
        for row in rows:
            if row:
                _check_data_row(row)
            if not row or row.get("kind") not in ("csv", "parquet", "joined"):
                continue
            path = Path(row["path"])
            try:
                real = path.resolve()
            except (ValueError, OSError):
                return True
            # an upload stays in the uploads folder; any other file in the data folder, outside it
            moved = real.is_relative_to(uploads) != path.is_relative_to(uploads)
            if moved or not real.is_relative_to(root):
                return True
        return False

    def not_listed(self, request):
        """403 for a data file that is not (or no longer) a listed one, in /pick's words."""
        return self.error_page(request, 403, *NOT_LISTED)

    def server_files(self, limit: int = 0) -> list[str]:
        """CSV/Parquet files in the data folder (not uploads, not hidden, nor in a hidden
        folder, not links out), each named in text a page can hold: a name of bytes that are
        no UTF-8 (``caf\\xe9.csv``) is not listed, which no browser could send back (it made
        the home page a 500). A hidden folder (``.cache``, ``.git``) sorts first: its files
        listed took the first places of the ``200`` and left the user's own unlisted. At most
        ``limit`` (``LISTED_FILES`` by default: those the picker lists and /pick opens)."""
        limit = limit or LISTED_FILES
        root, out = self.config.data_dir, []
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if rel.parts[:1] == ("uploads",) or any(p.startswith(".") for p in rel.parts):
                continue
            if not _utf8(rel.as_posix()):
                continue
            if (
                path.suffix.lower() in DATA_SUFFIXES
                and path.is_file()
                and not path.is_symlink()
                and path.resolve().is_relative_to(root)  # not through a linked folder
            ):
                out.append(rel.as_posix())
            if len(out) >= limit:
                break
        return out

    # -- forms ---------------------------------------------------------------------------------
    def audit_or_none(self, audit_id: str, read=_JSON_COLUMNS) -> dict | None:
        """The stored request ``audit_id``; None when there is none; :class:`DamagedRecord`
        when its stored JSON cannot be read (edited or damaged since it was written), or
        holds values the app never wrote in a column the page ``read``s."""
        audit = self.store.audit(audit_id) if ID.match(audit_id) else None
        if audit is not None and (column := damaged_column(audit, read)):
            raise DamagedRecord(audit_id, column)
        return audit

    def no_such_audit(self, request):
        return self.error_page(request, 404, "no audit with this id", "start from the home page")

    def csrf_refusal(self, request, value: str | None):
        """The 403 page when a form's security token is missing or wrong; None when it holds."""
        expected = request.state.csrf
        if value and hmac.compare_digest(str(value).encode(), expected.encode()):
            return None
        return self.error_page(
            request,
            403,
            "the form's security token is missing or out of date",
            "reload the page and send the form again",
        )

    def field_refusal(self, request, status: int, name: str, words: tuple, labels=None, link=None):
        """The page refusing the form's field ``name`` with ``words`` (problem, fix), the field
        named by ``labels``' words for it (its words on the page) when given, else by ``name``;
        ``link`` as :meth:`error_page`'s."""
        problem, fix = words
        return self.error_page(request, status, problem, fix, (labels or {}).get(name, name), link)

    def repeated_refusal(self, request, name: str, labels: dict | None = None, link=None):
        """400: a field that takes one value sent more than once (``seed=1&seed=2``), never
        read as its last value; named by ``labels``' words when given."""
        problem = f"the field {name!r} is sent more than once; it takes one value"
        words = (problem, "send it once (the page's own form does)")
        return self.field_refusal(request, 400, name, words, labels, link)

    def file_refusal(self, request, name: str, labels: dict | None = None, link=None):
        """400: a file sent in a form of text fields (every form but the upload's), named by
        its field, not by Starlette's 'Too many files. Maximum number of files is 0.'."""
        problem = f"the field {name!r} holds a file; this form takes text fields only"
        fix = "send the page's own form (a file goes through the upload form of the start page)"
        return self.field_refusal(request, 400, name, (problem, fix), labels, link)

    def unreadable_form(self, request, detail: str, status: int = 400):
        """400: a body that is not a form (a broken multipart body, too many fields); 415: a
        body of another type (JSON)."""
        return self.error_page(
            request,
            status,
            f"{UNREADABLE}: {detail or 'a bad request'}",
            FORM_FIX if status == 415 else "reload the page and send its form again",
        )

    async def form_of(self, request) -> dict:
        """The form's text fields, ``protected_list`` (the ticked attributes),
        ``too_long``: {field: message} of each field over :data:`FIELD_BYTES`, whose value is
        left out, and ``file_field``: the first field sent as a file (refused), or None.
        Raises Starlette's HTTPException (400) when the body is not a form."""
        await _refuse_cut_multipart(request)
        # a field may be as long as the whole body (bounded by FORM_BYTES before a byte is
        # read), so that an over-long one is named by its field, not refused as unreadable
        # a file part is read (bounded by FORM_BYTES too) so that it is refused by its field
        form = await request.form(
            max_files=MAX_FORM_FIELDS, max_fields=MAX_FORM_FIELDS, max_part_size=FORM_BYTES
        )
        try:
            return _text_fields(form)
        finally:  # a file part (always refused) read into a temporary file: closed, not left
            await form.close()

    async def checked_form(
        self, request, *, inline: bool = False, labels: dict | None = None, link=None
    ) -> tuple[dict | None, object]:
        """(form, None), or (None, the page of its refusal): 400 when the body is not a
        form, 403 when its CSRF token does not hold, 422 when a field is over
        :data:`FIELD_BYTES` (by its field: ``labels`` {field: its words on the page},
        ``link`` as :meth:`error_page`'s). ``inline``: the route draws its own page with
        ``form["too_long"]`` next to each field instead (every route sees the check)."""
        from starlette.exceptions import HTTPException

        try:
            form = await self.form_of(request)
        except HTTPException as exc:  # Starlette's words for every way a body is not a form
            return None, self.unreadable_form(request, exc.detail, exc.status_code)
        refused = self.csrf_refusal(request, form.get("csrf"))
        if refused is None and form["file_field"] is not None:
            refused = self.file_refusal(request, form["file_field"], labels, link)
        if refused is None and form["repeated"]:
            refused = self.repeated_refusal(request, form["repeated"], labels, link)
        if refused is None and form["too_long"] and not inline:
            name, message = next(iter(form["too_long"].items()))
            problem, _, fix = message.partition(". Fix: ")
            refused = self.field_refusal(request, 422, name, (problem, fix), labels, link)
        return (None, refused) if refused else (form, None)

    # -- requests ------------------------------------------------------------------------------
    def queue(
        self, request, audit_id: str, rev: int, spec: dict, purpose: str, title=None, note=None
    ):
        """Store the confirmed request (409 if another tab changed it) and hand it to the pool;
        ``note``: what the app changed in the form's request, said on the result page."""
        try:
            rev = self.store.submit(audit_id, rev, spec, purpose, note)
        except Conflict:
            return self.changed_elsewhere(request, audit_id)
        return self.run(request, audit_id, spec, purpose, title, rev)

    def run(self, request, audit_id: str, spec: dict, purpose: str, title=None, rev=None):
        """Hand a stored request, queued at revision ``rev``, to the pool (its worker writes
        that run only); a full queue fails it (stored) and says 503."""
        try:
            self.runner.submit(audit_id, spec, purpose, title, rev)
        except Busy:
            self.store.fail(audit_id, BUSY_ERROR, rev)
            # its page runs it again as it was asked ("Run it again"): the form sent again is
            # a page drawn before (409), the audit being stored, failed
            busy = self.error_page(
                request,
                503,
                BUSY,
                "try again in a few minutes: open the audit and press Run it again",
                link=(f"/audits/{audit_id}", "Open the audit"),
            )
            busy.headers["retry-after"] = "60"  # as the print that failed says when to retry
            return busy
        return redirect(f"/audits/{audit_id}")

    def profile_of(self, data_row: dict) -> dict:
        """A data row's profile; :class:`DamagedRecord` naming the file when it or the row
        (its kind, a file's path, its size) is not what the app wrote (:func:`read_profile`)."""
        _check_data_row(data_row)
        if not data_row.get("profile"):
            return {"columns": []}
        prof = read_profile(data_row["profile"], data_row["kind"])
        if prof is None:
            raise DamagedRecord(data_row["id"], "profile", f"the file {data_row['name']}")
        return prof


def _check_data_row(row: dict) -> None:
    """:class:`DamagedRecord` naming the file when a data row's kind, its file's path or its
    size is not what the app wrote."""
    kind, path, size = row["kind"], row.get("path"), row.get("size")
    column = "kind" if kind not in _DATA_KINDS else None
    if kind in _DATA_KINDS[:3] and not (isinstance(path, str) and path):
        column = "path"
    if size is not None and type(size) is not int:
        column = column or "size"
    if column:
        raise DamagedRecord(row["id"], column, f"the file {row['name']}")


# the kinds of data row the app writes: files on the server first
_DATA_KINDS = ("csv", "parquet", "joined", "db", "benchmark")


# a profile column's keys (every version wrote the first six) and the values pages read
_PROFILE_COLUMN = {"name": str, "numeric": bool, "distinct": int, "values": list}
_PROFILE_COLUMN |= {"unit": bool, "integer": bool}
_PROFILE_OPTIONAL = {"group_numbers": bool, "known": bool, "missing": int, "alone": int}
_PROFILE_OPTIONAL |= {"range": list}


def read_profile(text: str, kind: str) -> dict | None:
    """A data row's profile (its JSON text) as the app wrote it, in any version: its columns
    with their counts, a database table's source, a joined table's two files; else None."""
    try:
        prof = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
    columns = prof.get("columns") if isinstance(prof, dict) else None
    if not isinstance(columns, list) or not all(
        isinstance(c, dict)
        and all(type(c.get(k)) is t for k, t in _PROFILE_COLUMN.items())
        and all(type(c[k]) is t for k, t in _PROFILE_OPTIONAL.items() if k in c)
        and all(type(v) in (int, float) for v in c.get("range", (0, 1)))
        for c in columns
    ):
        return None
    if not isinstance(prof.get("sample_rows", 0), int):
        return None
    extra = {"db": "source", "joined": "joined"}.get(kind)
    return prof if extra is None or isinstance(prof.get(extra), dict) else None


async def _refuse_cut_multipart(request) -> None:
    """A body of another type than a form's (JSON, text) is refused (415), not read as an
    empty form (which would be "the security token is missing"). Starlette's parser accepts
    a multipart body cut short, dropping or truncating its last field (an audit would run
    without it): refuse one that lacks its closing boundary, as the upload does. The body is
    at most FORM_BYTES (its Content-Length was checked)."""
    from python_multipart.multipart import parse_options_header
    from starlette.exceptions import HTTPException

    content_type = request.headers.get("content-type")
    if (content_type is not None or request.headers.get("content-length", "0") != "0") and (
        problem := media_problem(content_type or "")
    ):
        raise HTTPException(415, problem)
    kind, options = parse_options_header(content_type or "")
    boundary = options.get(b"boundary")
    if kind != b"multipart/form-data" or not boundary:
        return  # Starlette's own words for a body that is not multipart at all
    if b"--" + boundary + b"--" not in await request.body():
        raise HTTPException(400, "the body ends before the form's closing boundary")
