"""User text made safe for the terminal, CSV exports, HTML and Markdown: one place, every face.

A group name, a column name, a file name or an error's value is the user's text, and it reaches
a terminal, a spreadsheet, a browser or a Markdown file. Four rules, each applied where text
leaves EthicLens:

* **Terminal** (:func:`terminal_safe`): C0 and C1 control characters (ESC sequences that
  recolour, move the cursor, retitle the window or erase lines; BEL, backspace, a lone CR) and
  every character Unicode's Default_Ignorable_Code_Point property says prints as nothing (the
  bidi overrides, isolates and marks, which reorder what is shown, "Trojan Source"; the
  zero-width space, the word joiner, the BOM, the Hangul fillers, the soft hyphen, the combining
  grapheme joiner, the invisible operators, the tags) are written as visible escapes
  (``\\x1b``, ``\\u202e``, ``\\u3164``), so distinct names stay distinct and nothing is hidden;
  so are the space separators other than the space (a no-break space ``\\xa0``, a thin space
  ``\\u2009``, an ideographic space ``\\u3000``), which print as a space.
  The joiners U+200C and U+200D and the variation selectors are kept (emoji, Persian and Indic
  text need them). Newlines and tabs are kept. The CLI routes every
  line it prints through it (:class:`SafeStream` for plain text, :class:`SafeConsole` for rich).
* **CSV** (:func:`csv_cell`, :func:`csv_safe_frame`): the terminal rule, then OWASP's CSV
  injection rule: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a CR is
  prefixed with ``'`` so a spreadsheet shows it instead of evaluating it (``=cmd|' /C calc'!A0``).
  Numbers are left alone, and so is text that is a plain decimal number (a group ``-5`` of an
  integer column, ``+0.5``): a spreadsheet reads it as that number, never as a formula, and a
  ``'`` would show the group ``-5`` as ``'-5``. Data files meant to be read back (a P2NIA
  release table, a make-counterfactuals table) are not reports and keep the user's values
  exactly.
* **HTML** (:func:`html_safe`): the terminal rule (a NUL, a CR and a form feed too), after
  markup escaping.
* **Markdown** (:func:`markdown_safe`): the HTML rule, after the Markdown card's backslash
  escapes; a file read in an editor or a Git host shows what the HTML card shows.
"""

from __future__ import annotations

import functools
import io
import math
import numbers
import os
import re

# Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, Unicode 15.1):
# the code points a renderer shows as nothing, whatever it knows of them (the soft hyphen, the
# combining grapheme joiner, the bidi marks, overrides and isolates, the Hangul fillers, the
# Khmer inherent vowels, the Mongolian free variation selectors, the zero-width space, joiners
# and invisible operators, the variation selectors, the BOM, the tag characters), as inclusive
# ranges. One place: the look-alike key (:func:`as_seen`), :func:`prints_blank` and the
# escapes of every face read it.
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
IGNORABLE = frozenset(c for lo, hi in _IGNORABLE_RANGES for c in range(lo, hi + 1))
# Default-ignorable characters a name may need, shown as they are: the joiners ZWNJ U+200C and
# ZWJ U+200D (emoji sequences such as a family, and Persian and Indic words, are written with
# them) and the variation selectors U+FE00-U+FE0F and U+E0100-U+E01EF (emoji presentation
# '\u2764\ufe0f', CJK ideographic variants): an escape would break the name a user reads. They
# are still ignored when names are compared (:func:`as_seen`).
_KEPT = frozenset((0x200C, 0x200D, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)))
# A subdivision flag (England, Scotland, Wales) is U+1F3F4 and tag characters ended by U+E007F:
# kept whole; a tag character anywhere else is shown as its escape.
_FLAG = "(\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f)"
# The line and paragraph separators: a line break no view should take from a name.
_CONTROLS = (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), 0x2028, 0x2029)


def _escape(c: int) -> str:
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


# The space separators other than the space (Unicode category Zs: the no-break, en, em, thin,
# narrow no-break, ideographic spaces, ...): each prints as a space, so 'a b' and 'a\xa0b' read
# alike on a page, a terminal or a chart (the look-alike key :func:`as_seen` folds them).
_SPACES = (0x00A0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000)
# code point -> visible replacement: controls, the space separators but the space, and the
# default-ignorable characters but those kept (a NUL, a CR or a form feed deleted from a name
# made 'A\x0cB' read 'AB' beside a group 'AB')
_TERMINAL = {
    c: _escape(c)
    for c in (*_CONTROLS, *_SPACES, *sorted(IGNORABLE - _KEPT))
    if c not in (0x09, 0x0A)  # tab and newline are layout, not controls to hide
}
CSV_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# A cell a spreadsheet reads as a number, not a formula: '-5', '+0.5', '-1.5e3' (ASCII digits).
_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def terminal_safe(text) -> str:
    """``text`` with control characters, the characters that print as nothing (Unicode's
    default-ignorable ones: bidi marks, a zero-width space, a Hangul filler, a BOM) and the
    spaces other than the space (a no-break space: 'a\\xa0b') written as visible escapes; ZWJ,
    ZWNJ, the variation selectors and a subdivision flag are kept."""
    text = str(text)
    shown = text.translate(_TERMINAL)
    if "\\U000e00" not in shown:  # no tag character: the common case, one pass
        return shown
    import re

    parts = re.split(_FLAG, text)  # the flags at odd places
    return "".join(p if i % 2 else p.translate(_TERMINAL) for i, p in enumerate(parts))


def number_text(value) -> str:
    """A number as the shortest text that reads back as it (Python's ``repr``), an integer
    below 1e16 without an exponent or a ``.0``: ``18``, ``0.7``, ``65.0000001``, ``1234567``,
    ``1e-08``. What a user typed as an edge prints as typed, and two different numbers never
    print alike."""
    v = float(value)
    if v.is_integer() and abs(v) < 1e16:
        return str(int(v))
    return repr(v)


LARGE = 1e15  # from here a figure prints in scientific form: 1.000e+300, not 301 digits


def figure_text(value, digits: int = 3) -> str:
    """A finite figure to ``digits`` places (``0.125``, ``-0.000`` as ``0.000``); one of
    magnitude :data:`LARGE` or more in scientific form to as many (``1.000e+300``): beyond
    about 1e15 a float's places are noise and the integer part a wall of digits. Infinity as
    ``inf``. One rule for every face's number formatting (the JSON keeps the float)."""
    v = float(value)
    if math.isfinite(v) and abs(v) >= LARGE:
        return f"{v:.{digits}e}"
    return f"{v:z.{digits}f}"


def count_text(n) -> str:
    """A count as every face prints it: a number with thousands separators (``5,000``, a
    fraction ``1,234.5``); anything else (a damaged store's text, None, True) as written,
    never an error: the caller escapes it where it goes into HTML."""
    if isinstance(n, numbers.Real) and not isinstance(n, bool):
        return f"{n:,}"
    return str(n)


def plural(n: int, noun: str, *, grouped: bool = True) -> str:
    """``1 row``, ``2 rows``, ``1,200 rows``: a count and its noun, singular for one (the
    faces' one helper: never '1 comparisons'); ``grouped=False``: ``1200 rows``, for a text
    that has always printed its count so."""
    count = count_text(n) if grouped else f"{n}"
    return f"{count} {noun}{'' if n == 1 else 's'}"


def mass_text(count) -> str:
    """An estimated count as it is: whole counts as integers, a fractional mass (GRR's
    debiased counts) to one decimal, a mass below 0.05 as "<0.1", never rounded to 0 while
    the rate it divides is reported. One rule for P2NIA's reasons and its estimate page."""
    count = float(count)
    if math.isclose(count, round(count), rel_tol=1e-9):  # 7 rows, not 6.9999999999 as 7.0
        return f"{round(count):,}"  # with thousands separators, as the audit's floors say
    return "<0.1" if 0 < count < 0.05 else f"{count:,.1f}"


def unbounded_text(low: str) -> str:
    """An unbounded DI (its reference group never selected: value and upper bound null in the
    JSON, ``inf`` in memory) as every face says it, in the monitor's words: ``unbounded
    [22.124, ∞)``, never ``inf`` (an undefined ratio is never shown as 0 or inf). ``low``: its
    finite lower bound as the face prints it (— when there is none)."""
    return f"unbounded [{low}, \u221e)"


def is_unbounded(value) -> bool:
    """A DI of +inf in memory: its reference group never selected (:func:`unbounded_text`)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and value == math.inf


def threshold_text(value) -> str:
    """A policy threshold (or a band's edge) as text that reads as the number it is: to two
    places when those are exact (0.80, 1.25, 0.10, 2.00: the defaults print as ever), else to as
    many more, up to 8, as read back as it (a typed 0.1165 prints ``0.1165``, 0.877843
    ``0.877843``). A number those do not hold, the inverse edge 1/t of most thresholds (1/0.9 =
    1.1111...), prints cut to 4 places and followed by an ellipsis, ``1.1111…``: the edge lies
    strictly between 1.1111 and 1.1112, and :func:`beside` never prints a bound between those
    two (it is written as one of them, on its side of the edge), so every bound reads on its
    side of the edge as printed. One rule for every sentence, band, legend and table."""
    from decimal import ROUND_DOWN, Decimal

    v = float(value)
    if not math.isfinite(v):
        return number_text(v) if not math.isnan(v) else "nan"
    for places in range(2, 9):
        text = f"{v:z.{places}f}"
        if float(text) == v:
            return text
    return f"{Decimal(repr(v)).quantize(Decimal('0.0001'), rounding=ROUND_DOWN)}\u2026"


def _cut_edge(text: str):
    """The two 4-place numbers an ellipsis edge (``1.1111…``) lies between, as text; None for
    an exact edge."""
    if not text.endswith("\u2026"):
        return None
    from decimal import Decimal

    low = Decimal(text[:-1])
    return str(low), str(low + Decimal("0.0001") * (1 if low >= 0 else -1))


def beside(value, thresholds, digits: int = 3) -> str:
    """``value`` to ``digits`` places, or to as many more (up to 12) as it takes to print on the
    same side of the nearest of ``thresholds`` (one number or several) as it lies: an interval
    bound of 0.10040 against an EO threshold of 0.10 prints ``0.1004`` (``0.100`` would read as
    equal to what it "exceeds"), 0.79996 against 0.80 ``0.79996``; a bound at, or far from, the
    threshold prints to ``digits``, infinity as ``inf``. Within 12 places of the threshold (float
    noise: 0.10000000000000003 against 0.1) it prints as the exact float it is, so the sentence
    stays true of the verdict, which compares the floats. Against an edge :func:`threshold_text`
    prints with an ellipsis (1/0.9 as ``1.1111…``) a bound between its two 4-place neighbours
    prints as the neighbour on its side (1.11112 as ``1.1112``, 1.11110 as ``1.1111``). One rule
    for every sentence and cell that sets a bound against a policy threshold."""
    v = float(value)
    if math.isfinite(v) and abs(v) >= LARGE:  # far from any threshold: scientific form
        return figure_text(v, digits)
    many = isinstance(thresholds, tuple | list)
    edges = [float(t) for t in (thresholds if many else [thresholds])]
    if not edges:  # no threshold to print against (a damaged record's policy): as any figure
        return figure_text(v, digits)
    t = min(edges, key=lambda e: abs(e - v)) if math.isfinite(v) else edges[0]
    side = (v > t) - (v < t)
    for places in range(digits, 13):
        text = f"{v:z.{places}f}"
        shown = float(text)
        if (shown > t) - (shown < t) == side:
            break
    else:  # float noise beside it, or a bound exactly at an edge 12 places do not hold
        return threshold_text(t) if side == 0 else number_text(v)
    cut = _cut_edge(threshold_text(t)) if math.isfinite(v) and side else None
    if cut is not None and min(map(float, cut)) < shown < max(map(float, cut)):
        below, above = sorted(cut, key=float)
        return below if side < 0 else above
    return text


def distinct_numbers(values) -> list[str]:
    """Each number's :func:`number_text`: exact, so bin labels built from edges stay distinct
    (1000000 and 1000001) and show the edges as given (1234567, not ``1.23457e+06``)."""
    return [number_text(v) for v in values]


def _narrow_float(dtype) -> bool:
    """Whether a column's ``dtype`` (numpy, pandas' nullable ``Float32`` or Arrow-backed) is
    float32 or float16."""
    import numpy as np

    dtype = getattr(dtype, "numpy_dtype", dtype)  # pandas' nullable and Arrow-backed dtypes
    try:
        return dtype is not None and np.dtype(dtype) in (np.float32, np.float16)
    except TypeError:  # a categorical or other pandas dtype
        return False


def printed_floats(values):
    """``values`` with a float32 (or float16) column read as float64 numbers through the
    shortest decimal that prints each value, the number a CSV copy of it holds: float32 0.7 is
    0.7, not the 0.699999988079071 it widens to, so it bins, and meets a threshold of 0.7, as
    the 0.7 it prints as. A float16 column is read at float32's width, as its groups are
    labelled. Any other ``values`` are returned unchanged; a Series keeps its index and name."""
    import numpy as np
    import pandas as pd

    if not _narrow_float(getattr(values, "dtype", None)):
        return values
    series = values if isinstance(values, pd.Series) else None
    narrow = pd.Series(values).to_numpy(dtype=np.float32, na_value=np.nan)
    codes, uniques = pd.factorize(narrow)  # each distinct value printed once; NaN: code -1
    decimal = np.append(np.asarray(uniques.astype(str), dtype=float), np.nan)
    out = decimal[codes]
    return out if series is None else pd.Series(out, index=series.index, name=series.name)


def is_utf8(text: str) -> bool:
    """Whether ``text`` (a file name) is UTF-8: no byte of another encoding, which Python
    escapes as a surrogate (``os.fsdecode(b"d\\xe9.csv")``) and DuckDB or pyarrow cannot
    open."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _unseen(c: str) -> bool:
    """Whether the character ``c`` prints as nothing beside others: a format character
    (category Cf) or a default-ignorable one (a Hangul filler, a combining grapheme joiner, a
    variation selector)."""
    import unicodedata

    return ord(c) in IGNORABLE or unicodedata.category(c) == "Cf"


def prints_blank(text: str) -> bool:
    """Whether ``text`` shows nothing: empty, or only whitespace, format characters (a
    zero-width space, a BOM, bidi marks: category Cf), default-ignorable characters (a Hangul
    filler) and a blank braille cell (a letter to Unicode that prints as nothing)."""
    return all(c.isspace() or c == "\u2800" or _unseen(c) for c in text)


def crossed_names(text) -> list[str]:
    """The names one string crosses, as users write a crossing: ``s*t``, ``s & t``, ``s+t``,
    ``s|t``, ``s/t``, ``s;t`` or ``s,t`` -> ``['s', 't']``."""
    import re

    return [part.strip() for part in re.split(r"[*&+|/;,]", str(text)) if part.strip()]


# A tab and the space separators (Unicode category Zs: no-break, em, ideographic spaces, ...):
# what a page shows as one space. Other controls are written as escapes, so they stay apart.
_BLANKS = "[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+"


def as_seen(text: str) -> str:
    """``text`` as a reader sees it: in NFC, without its format characters (a zero-width space,
    a joiner, a BOM, bidi marks: category Cf) and default-ignorable characters (a Hangul filler,
    a combining grapheme joiner, a variation selector: 'B\\u3164' and '\u2764\\ufe0f' read as 'B'
    and '\u2764'), the whitespace around it ('A ' reads as 'A' in a
    table) and with each run of blank space inside it as one space (an HTML page shows 'A  B'
    and 'A\\tB' as 'A B'), so that names which look alike get one key. A line break or a CR
    inside stays: every view writes it as a visible escape ('new\\nline'). A subdivision flag
    (England, Scotland: U+1F3F4, tag characters, U+E007F) is kept whole, as every face shows
    it; a tag character anywhere else is left out."""
    import re
    import unicodedata

    # left out before NFC: a combining grapheme joiner keeps 'e' and an accent from composing;
    # the flags, at odd places of the split, keep their tags (England and Scotland differ there)
    parts = re.split(_FLAG, text) if "\U000e007f" in text else [text]
    kept = (p if i % 2 else "".join(c for c in p if not _unseen(c)) for i, p in enumerate(parts))
    shown = unicodedata.normalize("NFC", "".join(kept))
    return re.sub(_BLANKS, " ", shown).strip()


def decision_threshold_text(t) -> str:
    """A decision threshold as short as it reads apart from its neighbours: 0.5, 0.05, and
    0.999999999 or 0.3000001 as written (``:g``'s six digits would show 1, a value no
    threshold may take, or 0.3 beside the 0.3 it is not). One formatter for every face."""
    return f"{float(t):.12g}"


def percent(level) -> str:
    """A confidence level (a float, or a Decimal) as a percentage, exactly as given: 0.95 ->
    95%, 0.975 -> 97.5%, 0.999 -> 99.9% (a rounded '98%' or '100%' would misstate it)."""
    from decimal import Decimal

    value = level if isinstance(level, Decimal) else Decimal(repr(float(level)))
    return f"{(value * 100).normalize():f}%"


# A DI threshold as a share of the reference's rate, exactly as given: 0.877843 -> 87.7843%.
threshold_percent = percent


def one_line(text) -> str:
    """:func:`terminal_safe` with newlines escaped too: an error message is one line."""
    return terminal_safe(text).replace("\n", "\\n")


def brought_here(value, name: str) -> str | None:
    """The call that brings ``value``, a frame of another library, here as a pandas one, written
    on ``name``: ``name.compute()`` for Dask, ``name.toPandas()`` for Spark, ``name.to_pandas()``
    for Arrow or Polars; None for anything else. A refusal of such a frame where a pandas one
    is taken gives it as its fix."""
    module = type(value).__module__
    if module.startswith("dask"):
        return f"{name}.compute()"
    if module.startswith("pyspark"):
        return f"{name}.toPandas()"
    return f"{name}.to_pandas()" if module.startswith(("pyarrow", "polars")) else None


def spaced_name(name) -> str:
    """A user's name (a group, a reference, an attribute) as a line of text shows it: quoted
    as a refusal quotes a value (Python's ``repr``: ``' a'``, ``'a '``, ``'\\tb'``) when
    whitespace is around it, so the groups ``' a'`` and ``'a'`` read apart on a terminal;
    any other name as written (a number as its text). A name that itself reads as such a quoted
    name (one pair of the same quotes around it: ``'e '``, ``"A"``) is quoted too (``"'e '"``),
    or it and the group ``'e '`` read alike."""
    text = str(name)
    looks_quoted = len(text) >= 2 and text[0] == text[-1] and text[0] in "'\""
    return repr(text) if text != text.strip() or looks_quoted else text


def typed_group(name, in_merge: bool = False) -> str:
    """A group as ``--exclude-group`` (``in_merge``: ``--merge-groups``) reads it back
    (``spec.typed_group`` is this): in double quotes where the flag would read it otherwise:
    spaces around it (``" ?"``), a pair of double quotes it would drop (``'"A"'``), and in a
    merge a ",", ":" or bracket, where the flag cuts its groups and its new name
    (``"é=x,y:z"``, ``"n: e"``), or a double quote, where the flag would pair it
    (``"a\\"b"``); else as it is. In double quotes its ``"`` and ``\\`` are escaped with a
    backslash, as a refusal's quoted value (``repr``) escapes them: each reads back as itself."""
    name = str(name)
    quoted = len(name) >= 2 and name[0] == name[-1] == '"'
    cuts = in_merge and any(ch in name for ch in ',:()[]"')
    return in_quotes(name) if name != name.strip() or quoted or cuts else name


def read_group(text: str) -> str:
    """A group as the group edits and ``--protected`` references read it (``spec.read_group``
    is this): stripped of spaces around it, or, in double quotes, what they hold (its commas,
    its spaces: ``" Female"``) with its escapes read (``"a\\"b"`` -> ``a"b``; ``\\\\`` -> one
    backslash), as :func:`in_quotes` writes them; a backslash before anything else is itself."""
    name = text.strip()
    if not (len(name) >= 2 and name[0] == name[-1] == '"'):  # not in quotes: as typed
        return name
    return re.sub(r'\\([\\"])', r"\1", name[1:-1])


def in_quotes(name) -> str:
    """``name`` in double quotes, its ``"`` and ``\\`` escaped with a backslash, as a group
    edit or a ``--protected`` reference reads it back (``spec.read_group``): ``a"b`` ->
    ``"a\\"b"``."""
    return '"' + str(name).replace("\\", "\\\\").replace('"', '\\"') + '"'


def spaced_key(attribute, group) -> str:
    """A comparison's ``attribute:group`` for a line of text, each name as
    :func:`spaced_name` says it (``g:' d'``, ``g:'\\tb'``; ``race:A`` as before): the key a
    reason or a list of comparisons names."""
    return f"{spaced_name(attribute)}:{spaced_name(group)}"


def middle_cut(text: str, room: int, mask=None) -> str:
    """``text`` whole, or when longer than ``room`` characters its start and end around "…".
    ``mask`` (``_secrets.mask_secrets``, passed in: this module imports nothing of ours) masks
    a text to be cut whole first: cut, a URL's password lost its '@' ('postgresql://u:pw…db')
    and no later masking of the chart knew it for one."""
    if len(text) <= room:
        return text
    text = mask(text) if mask else text
    if len(text) <= room:
        return text
    head = (room - 1) // 2
    return text[:head] + "…" + text[-(room - 1 - head) :]


def short_labels(labels, room: int, mask=None) -> list[str]:
    """Labels (a chart's tick or legend texts) longer than ``room`` cut in their middle
    (:func:`middle_cut`) when all still read apart, else every label whole: whole, one
    250-character group name squeezed a chart's panels to a sliver or drew across them (the
    tables and the alt text keep every name whole). The report's and the monitor's charts.
    ``mask``: as :func:`middle_cut`'s, each label to be cut masked whole first."""
    whole = [str(label) for label in labels]
    short = [middle_cut(label, room, mask) for label in whole]
    return short if len(set(short)) == len(set(whole)) else whole


def one_paragraph(text) -> str:
    """The user's descriptive text (an intended use, a card field, a limitation) as one
    paragraph: each line break (``\\n``, ``\\r\\n``, a CR, U+2028, ...) read as a space, one
    rule for the HTML report and the model card. A name keeps its line break visible as
    ``\\n`` instead, since it tells two names apart; prose is read, not matched."""
    return " ".join(str(text).splitlines())


def csv_cell(value):
    """One CSV cell: text made terminal-safe and formula-proof (OWASP); other values as given.
    Text that is a plain number (``-5``, ``+0.5``) is no formula and stays as written."""
    if not isinstance(value, str):
        return value
    if value.startswith(CSV_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(value):
        value = "'" + value
    return terminal_safe(value)


def csv_safe_frame(frame):
    """A copy of ``frame`` whose text cells and column names pass :func:`csv_cell`."""
    import pandas as pd

    out = frame.copy()
    for col in out.columns:
        s = out[col]
        if pd.api.types.is_object_dtype(s.dtype) or pd.api.types.is_string_dtype(s.dtype):
            out[col] = s.map(csv_cell)
        elif isinstance(s.dtype, pd.CategoricalDtype):
            out[col] = s.astype(object).map(csv_cell)
    out.columns = [csv_cell(c) if isinstance(c, str) else c for c in out.columns]
    return out


# Already-escaped HTML and Markdown with controls and invisible characters made visible: the
# terminal's rule.
html_safe = markdown_safe = terminal_safe


def write_whole(stream, text: str) -> None:
    """``text`` to ``stream``, every byte of it, flushed. Python's text layer drops what a
    short write leaves unwritten: a pipe whose reader went away while a 300 KB report was
    being written had taken 64 KiB, and the rest was lost unsaid (``--json - | head -c 10``
    exited 0). So a stream with a descriptor (a pipe or a file, not a terminal) is flushed and
    then gets the encoded text written to its descriptor until every byte is taken; a reader
    gone raises ``BrokenPipeError``. The CLI's streams (:class:`SafeStream`,
    :class:`PipeGuard`) are written as they are: they write whole through this and record a
    reader gone. One writer for every report sent to standard output."""
    fd = None if isinstance(stream, SafeStream | PipeGuard) else _descriptor(stream)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        data = text.encode(encoding, getattr(stream, "errors", None) or "strict")
    except UnicodeEncodeError:  # a locale that cannot spell it (ASCII, Latin-1): escaped, whole
        data = text.encode(encoding, "backslashreplace")
        text = data.decode(encoding)
    if fd is None:
        stream.write(text)
        stream.flush()
        return
    stream.flush()  # what the stream holds goes first
    while data:
        try:
            data = data[os.write(fd, data) :]
        except BlockingIOError:  # a non-blocking descriptor that is full: wait for room
            import select

            select.select([], [fd], [])


def _descriptor(stream) -> int | None:
    """The descriptor :func:`write_whole` writes ``stream``'s bytes to: None for a terminal
    (it takes every byte; its own writer knows its console) and a stream without one (a
    test's capture)."""
    try:
        return None if stream.isatty() else stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None


class PipeGuard(io.TextIOBase):
    """A real stream whose reader may go away mid-run (``| head -1`` closes the pipe): from
    then on what is written is dropped instead of raising, so the command still finishes its
    work and writes its files. ``broken`` says it happened. What it is given is written whole
    (:func:`write_whole`), so a reader gone mid-write is always found, never a silent loss."""

    def __init__(self, raw):
        self.raw, self.broken = raw, False

    def write(self, s) -> int:
        if not self.broken:
            try:
                write_whole(self.raw, s)
            except BrokenPipeError:
                self._drop()
        return len(s)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.raw.flush()
            except BrokenPipeError:
                self._drop()

    def _drop(self) -> None:
        self.broken = True
        # the descriptor now leads to the null device: what is still buffered is flushed
        # there at exit, not reported as a second broken pipe
        try:
            fd = self.raw.fileno()
        except (AttributeError, OSError, ValueError):  # not a real stream (a test's capture)
            return
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)

    def isatty(self) -> bool:
        return not self.broken and self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    @property
    def encoding(self):
        return getattr(self.raw, "encoding", "utf-8")


def report_cut_short(stdout, argv) -> bool:
    """Whether ``stdout``'s reader went away while an option of ``argv`` sent a report there
    (``--json -``): the reader has part of it."""
    if not getattr(stdout, "broken", False):
        return False
    args = [str(a) for a in argv]
    return any(a.endswith("=-") for a in args) or any(
        a.startswith("--") and b == "-" for a, b in zip(args, args[1:], strict=False)
    )


class SafeStream(io.TextIOBase):
    """A text stream that writes :func:`terminal_safe` text to ``raw``.

    rich's consoles unwrap it (``rich_proxied_file``) and write their own styled output to
    ``raw``; they make user text safe themselves (:class:`SafeConsole`).
    """

    def __init__(self, raw):
        # None: the stream was closed when the process began (`>&-`); the work is still done,
        # and what this stream gets is dropped (written to the null device)
        self.closed_at_start = raw is None
        self.raw_stream = open(os.devnull, "w", encoding="utf-8") if raw is None else PipeGuard(raw)  # noqa: SIM115

    @property
    def broken(self) -> bool:
        """Whether the reader went away mid-run (what followed was dropped)."""
        return getattr(self.raw_stream, "broken", False)

    def close(self) -> None:
        """Close the null device this stream opened, never the stream it was given."""
        if self.closed_at_start:
            self.raw_stream.close()
        super().close()

    @property
    def rich_proxied_file(self):
        return self.raw_stream

    def write(self, s) -> int:
        if not isinstance(s, str):  # click tells text streams from binary ones by this
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        self.raw_stream.write(terminal_safe(s))
        return len(s)

    def flush(self) -> None:
        self.raw_stream.flush()

    def isatty(self) -> bool:
        return self.raw_stream.isatty()

    def fileno(self) -> int:
        return self.raw_stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self):
        return getattr(self.raw_stream, "encoding", "utf-8")

    @property
    def errors(self):
        return getattr(self.raw_stream, "errors", "strict")


# The columns of piped output's fixed layout (and of a table's on a narrower terminal).
PIPED_WIDTH = 160


def safe_console(**kwargs):
    """A :class:`SafeConsole`; piped output gets a wide, fixed layout (160 columns)."""
    import sys

    if not (sys.stderr if kwargs.get("stderr") else sys.stdout).isatty():  # where it writes
        kwargs.setdefault("width", PIPED_WIDTH)
    return _console_class()(**kwargs)


@functools.cache
def _console_class():
    from rich.console import Console

    class SafeConsole(Console):
        """A rich console whose every string (printed, or a table cell or title) is made
        :func:`terminal_safe` before rich reads its markup; emoji codes are not expanded, and
        rich's highlighter (regular expressions that colour numbers and quotes, quadratic in
        a long string: 17 s for one 20 KB group name) never runs over user text."""

        def __init__(self, *args, **kwargs):
            kwargs.setdefault("emoji", False)
            kwargs.setdefault("highlight", False)
            super().__init__(*args, **kwargs)

        def render_str(self, text: str, **kwargs):
            return super().render_str(terminal_safe(text), **kwargs)

        def print(self, *objects, **kwargs):
            # rich cuts a table's cells to '…' on a narrow terminal, a number and a status too
            # ('1.16…', 'INCONCL…' at 80 columns): a table is laid out as piped output lays it
            # out (up to PIPED_WIDTH columns), and the terminal wraps its lines
            from rich.measure import Measurement
            from rich.table import Table

            wide, size = self.options.update_width(PIPED_WIDTH), (self._width, self._height)
            # a measurement is capped at PIPED_WIDTH (rich clamps it to the options' width): a
            # console that wide (piped output, every test's) has nothing to widen, and measuring
            # a table costs about as much as printing it (~15 ms of a 200-row CLI audit's CPU)
            narrow = self.width < PIPED_WIDTH
            tables = [o for o in objects if isinstance(o, Table)] if narrow else []
            need = max((Measurement.get(self, wide, o).maximum for o in tables), default=0)
            if need > self.width:  # print(width=) is capped at the console's width, and a
                self.size = (need, self.height)  # dumb terminal's is 80 unless both are set
            try:
                super().print(*objects, **kwargs)
            finally:
                self._width, self._height = size  # the terminal's size read again, as before

    return SafeConsole


def __getattr__(name):  # rich is imported only when a console is made
    if name == "SafeConsole":
        return _console_class()
    raise AttributeError(name)


def _string_labels(formatter):
    """The tick labels an axis was given as strings: a FixedFormatter's list, or the dict of
    the FuncFormatter ``set_ticks(locs, labels)`` makes (matplotlib 3.10 on); None for a
    formatter of numbers."""
    from matplotlib.ticker import FixedFormatter

    if isinstance(formatter, FixedFormatter):
        return formatter.seq
    args = getattr(getattr(formatter, "func", None), "args", ())
    return args[0] if args and isinstance(args[0], dict) else None


def _chart_safe(text, mask=None) -> str:
    # A tab is layout on a terminal but a glyph no chart font has (matplotlib warned 'Glyph 9
    # missing' and drew a box): on a chart it is written as its escape.
    text = terminal_safe(text).replace("\t", "\\t")
    return mask(text) if mask else text


def literal_figure(fig, mask=None):
    """``fig`` (a matplotlib Figure) with every text drawn as written: a group, column or model
    name with ``$`` in it ('$5_$10', '$0-$25k', '$\\notacmd$') is the user's text, never
    mathtext (which crashed on an unknown command and redrew others as italic math), and TeX
    is off for it. Titles, axis labels, legends, annotations and string tick labels are also
    made :func:`terminal_safe` (a NUL made an SVG invalid XML), a tab written ``\\t``.
    Numeric tick labels keep matplotlib's own formatting (a log axis writes 10^k as mathtext).
    ``mask``: a function each of those texts then passes (the report's and the experiments'
    charts give ``_secrets.mask_secrets``: a group named ``postgresql://u:pw@h/db`` is drawn
    ``u:***@``, as their text says it; this module imports nothing of ours, so it is passed in).
    Returns ``fig``; calling it again changes nothing. Every figure EthicLens draws passes
    through it."""
    from matplotlib.text import Text

    numeric = set()  # ids of the tick and offset texts matplotlib formats from numbers
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for minor in (False, True):
                formatter = axis.get_minor_formatter() if minor else axis.get_major_formatter()
                labels = _string_labels(formatter)
                locs = axis.get_minorticklocs() if minor else axis.get_majorticklocs()
                # every tick made now, so that none is made later with mathtext on
                ticks = (axis.get_minor_ticks if minor else axis.get_major_ticks)(len(locs))
                if isinstance(labels, dict):
                    labels.update((k, _chart_safe(v, mask)) for k, v in labels.items())
                elif labels is not None:
                    formatter.seq = [_chart_safe(x, mask) for x in labels]
                else:
                    numeric.update(id(t) for tick in ticks for t in (tick.label1, tick.label2))
            numeric.add(id(axis.offsetText))
    for t in fig.findobj(Text):
        if id(t) in numeric:
            continue
        text = t.get_text()
        if text:
            t.set_text(_chart_safe(text, mask))
        t.set_parse_math(False)
        t.set_usetex(False)
    return fig


# PostgreSQL's text holds no NUL (U+0000), which SQLite's does and a user's or a data set's text
# may carry (an upload's file name as sent, a Parquet file's column names and group values, a
# form's field): each text a PostgreSQL store (the web history's, the monitor's) writes has its
# NULs as ESC "0" and its own ESC as ESC ESC, and each it reads is decoded back, so both stores
# hold and return the same strings (``WHERE x = ?`` compares one encoding with itself). ESC: a
# noncharacter, for a program's internal use.
_PG_ESC = "\ufdd0"
_PG_ENCODED = re.compile(_PG_ESC + "([" + _PG_ESC + "0])")


def to_postgres_text(value):
    """``value`` as a PostgreSQL store writes it: a text's NULs encoded (see above)."""
    if isinstance(value, str) and ("\x00" in value or _PG_ESC in value):
        return value.replace(_PG_ESC, _PG_ESC + _PG_ESC).replace("\x00", _PG_ESC + "0")
    return value


def from_postgres_text(value):
    """``value`` as a PostgreSQL store read it, decoded (:func:`to_postgres_text`)."""
    if isinstance(value, str) and _PG_ESC in value:
        return _PG_ENCODED.sub(lambda m: "\x00" if m[1] == "0" else _PG_ESC, value)
    return value


def masked_apart(text: str, names, mask) -> str:
    """``mask(text)``; where that masks something and user ``names`` (attributes, groups,
    models) stand in ``text``, each piece of :func:`name_pieces` masked alone instead: masked
    whole, a group ``password=`` ate the library's words after it (``password= *** the
    favourable label``). One rule for the reports, the notebook views and the web pages."""
    whole = mask(text)
    if whole == text or not names:  # nothing masked: no piece to mask alone (fast)
        return whole
    return "".join(map(mask, name_pieces(text, names)))


def name_pieces(text: str, names) -> list[str]:
    """``text`` cut around each of the user ``names`` (attributes, groups, model names) that
    stands in it as a word, the names at odd places, so that a caller masks each piece alone
    (a password pattern masking a whole sentence ran on past ``password=`` or ``token=a`` into
    EthicLens's own words). A name stands as a word after a space, a bracket, a quote that
    also closes it (``'b'``) or opens ``'attr:group vs ref'``, or ':' right after another name
    (``attr:group``); and before a
    space, punctuation, ': ' or ':' and a name. A name inside a password (``u`` or ``pw`` of
    ``postgresql://u:pw@h``, ``my`` of ``password='my pw'``) never cuts it."""
    names = frozenset(str(x) for x in names if str(x).strip())
    if not names:
        return [text]
    pieces, at, last = [], 0, -1
    for m in _names_pattern(names).finditer(text):
        before = text[m.start() - 1 : m.start()]
        if before == ":" and m.start() - 1 != last:
            continue  # 'u:pw@h': not a name after a name, kept whole with its text
        if before in "'\"" and before and text[m.end() : m.end() + 1] != before:
            if not _named_after(text, m.start() - 1, m.end(), names):
                continue  # a quoted name is quoted whole ('b'), not "password='my pw'"
        pieces += [text[at : m.start()], m.group(1)]
        at = last = m.end()
    return [*pieces, text[at:]]


def _named_after(text: str, quote: int, end: int, names: frozenset) -> bool:
    """Whether ``text`` holds ':' and another name at ``end``: the quoted note
    ``'attr:group vs ref'`` opens with two names (its group masked alone, not with ' vs ');
    its quote opening a word, not a value (``token='sex:abc'`` is kept whole)."""
    if quote > 0 and not re.match(r"[\s(\[{,:]", text[quote - 1]):
        return False
    return text[end : end + 1] == ":" and bool(_names_pattern(names).match(text, end + 1))


@functools.lru_cache(maxsize=8)
def _names_pattern(names: frozenset) -> re.Pattern:
    alternatives = "|".join(re.escape(x) for x in sorted(names, key=len, reverse=True))
    name = f"(?:{alternatives})"
    end = r"(?=$|[\s'\")\]},;]|[:.](?:\s|$)|:" + name + r"(?:$|[\s'\")\]},;.:]))"
    return re.compile(rf"(?<![^\s'\"(\[{{:])({alternatives}){end}")


_THOUSANDS = re.compile(r"[+-]?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?")
_DECIMAL_COMMA = re.compile(r"[+-]?\d*,\d+")
_DOTS_AND_COMMA = re.compile(r"[+-]?[1-9]\d{0,2}(?:\.\d{3})+,\d+")


def formatted_number(value) -> str | None:
    """The plain number a spreadsheet's formatted one stands for ('17,000' -> '17000', '0,73'
    -> '0.73', '1.234,5' -> '1234.5'), None for any other value. '1,234' reads as thousands
    (as a spreadsheet in English writes it)."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _THOUSANDS.fullmatch(text):
        return text.replace(",", "")
    if _DOTS_AND_COMMA.fullmatch(text):
        return text.replace(".", "").replace(",", ".")
    if _DECIMAL_COMMA.fullmatch(text):
        return text.replace(",", ".")
    return None


def formatted_number_fix(value, fix: str) -> str:
    """``fix`` of a value that is not a number, led, when the value is a number a spreadsheet
    formatted (:func:`formatted_number`), by how to write it plainly: such a column is numbers
    the file wrote with separators, not text."""
    plain = formatted_number(value)
    if plain is None:
        return fix
    return (
        f"the column holds numbers written with separators ({value.strip()!r} is {plain}): "
        "save them as plain numbers (no thousands separator, a decimal point), e.g. in a "
        "spreadsheet format the column as Number without the 1000 separator before exporting; "
        f"else {fix}"
    )
