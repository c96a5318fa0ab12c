"""A report is a title and a list of sections; features (audit, PCER, P2NIA) supply sections.

Everything dynamic goes through ``markupsafe.escape`` (or Jinja's autoescape), so a group
called ``<script>`` is shown, never run; the rendered page then passes
:func:`ethiclens._text.html_safe` (a NUL byte is removed, other control characters and bidi
overrides from user text are shown as escapes).
"""

from __future__ import annotations

import functools
import inspect
import re
import unicodedata
from collections.abc import Mapping, Set
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources

import jinja2
from markupsafe import Markup
from markupsafe import escape as _markup_escape

from .._checks import argument_kinds, check_argument_type, iterable_kind, kind_refusal
from .._secrets import mask_secrets
from .._text import html_safe, masked_apart, one_paragraph, prints_blank
from ..errors import plain_text
from ._plots import Chart


def escape(text) -> Markup:
    """``markupsafe.escape``, with a newline, CR or tab in the text shown as ``\\n`` / ``\\r``
    / ``\\t``: HTML would fold a newline or a tab into a space and the page drops a CR, so the
    groups ``new line`` and ``new\\nline`` would look the same. Markup (ours) passes unchanged.
    A password in the text (a URL's ``user:password@``, ``?token=``) is shown as ``***``: a
    report is shared and signed, and every message masks it."""
    if isinstance(text, Markup) or hasattr(text, "__html__"):
        return _markup_escape(text)
    # a whole number past Python's int-to-text limit (a cell, a caption, a paragraph given
    # 10**5000) as errors.plain_text shortens it: str() itself raised a ValueError
    shown = str(_markup_escape(masked(plain_text(text)))).replace("\n", "\\n").replace("\r", "\\r")
    return Markup(shown.replace("\t", "\\t"))


def report_title(title, default: str) -> str:
    """A report's ``title=`` argument: text, or ``default`` when None or blank (``"   "``
    printed an empty heading and page title, where ``""`` gave the default); anything else
    (``b"Q3"`` printed ``b'Q3'``) is refused naming the argument."""
    if title is None:
        return default
    fix = "pass a str (e.g. title='Q3 credit model audit'), or leave it out"
    problem = "a report's title is text, not"
    check_argument_type(title, str, column="title", problem=problem, fix=fix)
    return default if prints_blank(title) else title


def masked(text: str) -> str:
    """``text`` with every password shown as ``***`` (:func:`masked_whole`), each user name of
    the report being made (:func:`names_alone`) masked alone where it stands as a word: a
    reason such as ``password= receives … than b`` kept its ``receives`` (it read ``password=
    *** the favourable``), ``for 'token=a' (no …)`` its quote and the rest."""
    return masked_apart(text, _NAMES.get(), masked_whole)


# the user names of the report being made, as one pattern that splits a sentence around them
_NAMES: ContextVar[frozenset] = ContextVar("report_names", default=frozenset())


def _names_of(thing) -> set[str]:
    """The user names a result (an audit, a comparison, a threshold table) prints: attributes,
    groups, references and model names; only text, never a value parsed."""
    if thing is None:
        return set()
    found = {x for x in _listed(thing, "names") if isinstance(x, str)}
    for c in _listed(thing, "comparisons") + _listed(thing, "verdicts"):
        found |= {str(getattr(c, k, "")) for k in ("attribute", "group", "reference")}
    for a in _listed(thing, "attributes"):
        found |= {str(getattr(a, "name", "")), str(getattr(a, "reference", ""))}
    frame = getattr(thing, "frame", None)
    for column in ("attribute", "group", "reference"):
        if frame is not None and column in getattr(frame, "columns", ()):
            found |= {str(x) for x in frame[column].unique()}
    for part in ("audit_a", "audit_b"):
        found |= _names_of(getattr(thing, part, None))
    return {x for x in found if x.strip()}


def _listed(thing, name: str) -> list:
    """``thing.name`` when it is a list or a tuple (a method of that name is not), else []."""
    value = getattr(thing, name, None)
    return list(value) if isinstance(value, list | tuple) else []


def names_alone(build):
    """``build(result, ...)`` with every name of ``result`` masked alone in the text it
    escapes (:func:`masked`): a sentence of the library names a group inside EthicLens's own
    words, and a password pattern (``password=``, ``token=a``) ran on into them."""

    # the result as given, by position or by its own keyword (threshold_summary(table=t)):
    # taken positionally alone, a keyword call failed "missing 1 required positional argument"
    first = next(iter(inspect.signature(build).parameters))

    @functools.wraps(build)
    def wrapped(*args, **kwargs):
        result = args[0] if args else kwargs.get(first)
        names = _names_of(result) | _NAMES.get()  # a report inside another: both's names
        if not names:
            return build(*args, **kwargs)
        token = _NAMES.set(frozenset(names))
        try:
            return build(*args, **kwargs)
        finally:
            _NAMES.reset(token)

    return wrapped


def masked_sentence(text, names) -> str:
    """``text`` (a sentence of the library's, such as :func:`plain_reason`'s) with its
    passwords shown as ``***``, each of the user ``names`` it holds (an attribute, a group, a
    reference) masked alone: masked whole, ``password= receives …`` read ``password= ***
    the …`` and ``token=a: …`` lost its ':'."""
    names = {str(x) for x in names if x is not None and str(x).strip()}
    return masked_apart(plain_text(text), names, masked_whole)


def masked_whole(text: str) -> str:
    """``text`` with every password shown as ``***``, as every message shows it
    (:func:`ethiclens._secrets.mask_secrets`: a URL's ``user:password@``, ``?token=``, a libpq
    ``password=``, ``PGPASSWORD=``, a database password given earlier in the run). The report's
    own hints, ``--protected ATTR=GROUP`` and ``reference={'ATTR': 'GROUP'}``, name a column and
    one of its groups, no secret: a column named ``pwd`` or ``token`` keeps its group
    (``--protected pwd=yes``, not ``pwd=***``)."""
    for hint, _, held in _HINTS:
        text = hint.sub(lambda m, held=held: m.group(1) + held, text)
    text = mask_secrets(text)
    for _, sign, held in _HINTS:
        text = text.replace(held, sign)
    return text


# the report's hints, each with its separator held aside while the secrets are masked
_HINTS = (
    (re.compile(r"(--protected [^\s=]+)="), "=", "\ue000"),
    (re.compile(r"(reference=\{'[^']*'):"), ":", "\ue001"),
)


@dataclass
class Section:
    """One titled part of a report; ``html`` is already escaped markup."""

    id: str
    title: str
    html: Markup


def section_id(prefix: str, index: int, name) -> str:
    """A valid, unique HTML id for the ``index``-th section named after a user's ``name`` (an
    attribute 'race ethnicity', 'âge', '<b>'): ``prefix``, the index, then the name's ASCII
    letters and digits in lowercase, other runs as one '-' ('thresholds-1-race-ethnicity').
    An id holds no space (a name's spaces made 'thresholds-race ethnicity', which no link
    reaches), and two names of one slug ('a b', 'a-b') differ by their index."""
    ascii_name = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40].strip("-")
    return f"{prefix}-{index}-{slug}" if slug else f"{prefix}-{index}"


@dataclass
class Report:
    title: str
    subtitle: str
    sections: list[Section] = field(default_factory=list)
    footer: str = ""

    def to_html(self) -> str:
        # every value through escape(): a title, subtitle or section title (a file or column
        # name) shows a newline as \n, as the tables do, not folded into a space
        env = jinja2.Environment(autoescape=True, finalize=escape, undefined=jinja2.StrictUndefined)
        template = env.from_string(
            resources.files(__package__).joinpath("templates/report.html.j2").read_text()
        )
        return html_safe(template.render(report=self))


def _notes_kind(value, name: str) -> None:
    """table's notes: None, or one text per row in order (a list, tuple or generator; a set or
    dict has no order, a text's letters are no notes)."""
    if value is not None and (
        isinstance(value, str | bytes | Set | Mapping) or not hasattr(value, "__iter__")
    ):
        problem = "must be a list of texts, one per row (None: no notes)"
        raise kind_refusal(value, name, problem, "e.g. ['', 'below the floor'], or None")


_ITEMS = "a list or tuple (a generator too)"


@argument_kinds(
    headers=iterable_kind(f"the column headers, {_ITEMS}", "e.g. ['group', 'value']"),
    rows=iterable_kind(f"the rows, {_ITEMS} of cells each", "e.g. [['a', 1], ['b', 2]]"),
    numeric=iterable_kind(f"the numeric columns' places, {_ITEMS}", "e.g. (1, 2), or ()"),
    notes=_notes_kind,
)
def table(headers, rows, caption: str | None = None, numeric=(), notes=None) -> Markup:
    """An HTML table; cells are escaped unless already ``Markup``.

    ``notes``: optional text per row, shown on a full-width line under that row.
    """
    headers, numeric = list(headers), tuple(numeric)
    notes = None if notes is None else list(notes)
    head = "".join(f"<th scope='col'>{escape(h)}</th>" for h in headers)
    num = " class='num'"
    body = []
    for k, row in enumerate(rows):
        cells = (f"<td{num if i in numeric else ''}>{escape(c)}</td>" for i, c in enumerate(row))
        body.append("<tr>" + "".join(cells) + "</tr>")
        if notes and k < len(notes) and notes[k]:
            body.append(
                f"<tr class='note'><td colspan='{len(headers)}'>{escape(notes[k])}</td></tr>"
            )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return Markup(
        f"<div class='scroll'><table>{cap}<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def figure(chart: Chart) -> Markup:
    return Markup(
        f"<figure><img src='{chart.uri}' alt='{escape(chart.alt)}'>"
        f"<figcaption>{escape(chart.caption)}</figcaption>"
        f"<details><summary>Chart as text</summary><p>{escape(chart.alt)}</p></details>"
        "</figure>"
    )


def status_badge(status: str) -> Markup:
    return Markup(
        f"<span class='status status-{escape(status)}'>{escape(status.replace('_', ' '))}</span>"
    )


def paragraph(text: str, cls: str | None = None) -> Markup:
    attr = f" class='{escape(cls)}'" if cls else ""
    return Markup(f"<p{attr}>{escape(text)}</p>")


def prose(text) -> Markup:
    """The user's descriptive text (an intended use, a card field, a limitation) escaped as
    one paragraph, its line breaks read as spaces, as the model card writes it
    (:func:`ethiclens._text.one_paragraph`); a name keeps :func:`escape`'s visible ``\\n``."""
    return escape(text if hasattr(text, "__html__") else one_paragraph(text))  # ours: as is


def definition_list(items, value=escape) -> Markup:
    """``(term, text)`` pairs as ``<dl>``; each text through ``value`` (:func:`prose` for the
    user's descriptive text)."""
    return Markup(
        "<dl>" + "".join(f"<dt>{escape(k)}</dt><dd>{value(v)}</dd>" for k, v in items) + "</dl>"
    )


def join(*parts) -> Markup:
    return Markup("").join(parts)


def generated_by(config: dict, run: dict | None = None) -> str:
    """A report footer's first sentence: the EthicLens version, the time (UTC), the run's seed.

    The time is the run record's ``generated_at`` when there is one (the report then states one
    instant, as its run record and JSON do, not a second, later one read when it was drawn:
    two runs of the same audit differ in that one timestamp); else the time of drawing."""
    stamp = (run or {}).get("generated_at") if isinstance(run, dict) else None
    # a stamp without a zone is UTC, as the run record's "generated (UTC)" row reads it (not
    # the host's zone: Tokyo turned 03:04 into 18:04 the day before)
    try:
        when = datetime.fromisoformat(stamp) if isinstance(stamp, str) else None
        if when is not None:
            when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    except (ValueError, OverflowError):  # a record written by hand (0001-01-01T00:00+01:00
        when = None  # is before year 1 in UTC): the time of drawing, as without one
    when = when or datetime.now(UTC)  # %Y writes year 1 as '1' (glibc): four digits always
    created = f"{when.year:04d}-{when:%m-%d %H:%M} UTC"
    version, seed = config["ethiclens_version"], config["random_state"]
    return f"Generated by EthicLens {version} on {created}; seed {seed}."
