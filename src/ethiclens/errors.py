"""Errors raised on bad input: each names what is wrong, where, and how to fix it."""

from __future__ import annotations

import ast
import json
import math
import re
import reprlib
import shlex
from pathlib import PurePath

from ._secrets import digits_text, mask_secrets, masked_ends, masked_quotes, whole_digits_text

# The offending value is shown, but never expanded without bound: a YAML alias bomb or a
# million-row list would otherwise make the message itself the denial of service.
# A whole number longer than this is shown by its first and last digits and its count: repr()
# of one past Python's int-string limit (4,300 digits) itself fails.
SHOWN_DIGITS = 40


def shortened_digits(head: str, tail: str, digits: int) -> str:
    """A long whole number as shown: its first digits (with its sign), its last and how many
    digits it has: ``111111111111…111111 (5,000 digits)``."""
    return digits_text(head, tail, digits)


def shown_int(value: int) -> str:
    """``repr(value)`` of an int, shortened past :data:`SHOWN_DIGITS` digits (first 12, last 6
    and the count, by arithmetic: no conversion of the whole number to text); a subclass's own
    ``repr`` (a number as typed, ``True``) as it writes itself."""
    if type(value).__repr__ is not int.__repr__:
        return repr(value)
    text = whole_digits_text(value, SHOWN_DIGITS)
    return repr(value) if text is None else text


def plain_text(value) -> str:
    """``str(value)``; a whole number past Python's int-to-text limit (4,300 digits, where
    ``str()`` itself raises) as :func:`shown_int` writes it: a column, flag or value a caller
    gave as ``10**5000`` is named in its refusal, never a ValueError about the digit limit.
    Any shorter number is its whole text, as before (a group named by 50 digits still matches)."""
    try:
        return str(value)
    except ValueError:
        if isinstance(value, int):
            return shown_int(value)
        raise


def plain_repr(value) -> str:
    """``repr(value)``; where Python's int-to-text limit makes ``repr`` itself raise (a whole
    number past 4,300 digits, or a list, dict or record holding one), each such number as
    :func:`shown_int` writes it: a record printed never fails on ``10**5000``."""
    try:
        return repr(value)
    except ValueError:
        if isinstance(value, int):
            return shown_int(value)
        if isinstance(value, dict):
            inner = (f"{plain_repr(k)}: {plain_repr(v)}" for k, v in value.items())
            return "{" + ", ".join(inner) + "}"
        if isinstance(value, list | tuple | set | frozenset):
            ends = {list: "[]", tuple: "()"}.get(type(value), "{}")
            one = type(value) is tuple and len(value) == 1  # (x,)
            inner = ", ".join(map(plain_repr, value)) + ("," if one else "")
            return ends[0] + inner + ends[1]
        if hasattr(value, "__dataclass_fields__"):
            return _fields_repr(value)
        raise


def _fields_repr(record) -> str:
    """A dataclass's ``repr`` in its generated form, each field by :func:`plain_repr`."""
    import dataclasses

    shown = [f for f in dataclasses.fields(record) if f.repr]
    inner = ", ".join(f"{f.name}={plain_repr(getattr(record, f.name))}" for f in shown)
    return f"{type(record).__qualname__}({inner})"


def reprs_plainly(cls):
    """A class decorator (over ``@dataclass``): the class's ``repr`` (and so its ``str``)
    falls back to :func:`plain_repr` of its fields where one holds a number past Python's
    int-to-text limit (``RunRecord(dataset=10**5000)`` printed), never that ValueError."""
    own = cls.__repr__

    def __repr__(self) -> str:
        try:
            return own(self)
        except ValueError:
            return _fields_repr(self)

    __repr__.__qualname__ = f"{cls.__qualname__}.__repr__"
    cls.__repr__ = __repr__
    return cls


class _TypedFloat(float):
    """A number typed past a double's range (``1e400``, read as inf) that carries its text
    (``yaml_text``, as ``io.WrittenFloat`` carries a file's): a refusal quotes what was typed."""

    yaml_text: str


def _keep_text(value, text: str, kind):
    """``value``, carrying ``text`` when ``str(value)`` would say another thing."""
    if str(value) == text:
        return value
    kept = kind(value)
    kept.yaml_text = text
    return kept


def _number_as_typed(text) -> float:
    """``float(text)``; a text past a double's range is a :class:`_TypedFloat` (``1e400``
    is refused as ``1e400``, not as ``inf``, the number no one typed)."""
    number = float(text)
    if math.isfinite(number) or not isinstance(text, str):
        return number
    return _keep_text(number, text, _TypedFloat)


class CommandText(str):
    """Text a command line gave a number option that reads as no number of its kind (``--n
    abc``, ``--di ''``, ``--seeds 1.5``), handed as it is to the option's own check, which
    refuses it in its range's words, never by its Python type: a command line has no types
    ("not str"), and no quotes to lose. A Python caller's or a file's text is a plain str."""

    __slots__ = ()


_LONG_WHOLE = re.compile(rf"([+-]?)([0-9]{{{SHOWN_DIGITS + 1},}})")


def _typed_text(text: str) -> str:
    """A number's text as typed (``'1e400'``); a whole number of more than
    :data:`SHOWN_DIGITS` digits (one past a float's range, read as inf) shortened as every long
    whole number is (:func:`shortened_digits`), not cut in its middle as text; any other long
    text (a file's 5,000-digit ``999…9.5``) cut as every long value a message shows is, as the
    same text typed on the command line is (not shown whole)."""
    if long := _LONG_WHOLE.fullmatch(text):
        sign, digits = long.groups()
        return shortened_digits(sign.strip("+") + digits[:12], digits[-6:], len(digits))
    return _REPR.repr(text)


class _Repr(reprlib.Repr):
    # A text past maxstring is cut in its middle, and a URL so cut ('postgresql://u:<password>'
    # ... '<host's long options>', its '@' dropped) is one no pattern knows: the message's
    # masking showed the password. Such a text is masked first (_secrets.masked_ends: whole,
    # or a megabyte's start and end, each alone), then cut.
    def repr_str(self, x, level):
        return super().repr_str(masked_ends(x) if len(x) > self.maxstring else x, level)

    def repr_int(self, x, level):  # reprlib's own calls repr(), which fails past 4,300 digits
        return shown_int(x)

    def repr__TypedFloat(self, x, level):  # noqa: N802 (reprlib's name for the type)
        return _typed_text(x.yaml_text)

    def repr_WrittenFloat(self, x, level):  # noqa: N802 (reprlib's name for the type)
        # a file's number as written ('1e2', '1e400'), as the same text typed on the command
        # line is shown; not the 100.0 it was read as (a float's text only where str() differs)
        return _typed_text(x.yaml_text)

    def repr_DataFrame(self, x, level):  # noqa: N802 (reprlib's name: pandas', polars', ...)
        # a frame by its kind and shape, never its repr ("Empty DataFrame Columns: [] Index:
        # []" or a table's first rows run onto one line); a lazy frame's unknown rows unsaid
        shape = getattr(x, "shape", None)
        if isinstance(shape, tuple) and len(shape) == 2 and all(type(n) is int for n in shape):
            return f"a DataFrame of {_count(shape[0], 'row')} × {_count(shape[1], 'column')}"
        return "a DataFrame"

    def repr_instance(self, x, level):  # a Series, frame or array: on one line, as a list
        if isinstance(x, str):  # a str's subclass: masked whole, then cut, as a str
            return self.repr_str(str(x), level)
        kind = getattr(getattr(x, "dtype", None), "kind", None)
        if getattr(x, "ndim", None) == 0 and kind in ("b", "i", "u", "f"):
            # a NumPy number (a cell read from a frame) as the user wrote it: True, 3, 0.1,
            # never np.True_, np.int64(3) or np.float32(0.1) (NumPy 2's repr); a float as
            # NumPy prints it (float32's 0.1 is no 0.10000000149011612, 1e+400 no inf)
            return str(x) if kind == "f" else self.repr1(x.item(), level)
        text = super().repr_instance(x, level)
        if "\n" in text and callable(getattr(x, "tolist", None)):
            text = self.repr1(x.tolist(), level)
        return " ".join(text.split()) if "\n" in text else text


def _count(n: int, noun: str) -> str:
    """``n`` ``noun``s: '1 row', '2,000 rows'."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


_REPR = _Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict = 3, 10, 10, 10
_REPR.maxset = _REPR.maxfrozenset = _REPR.maxdeque = _REPR.maxarray = 10
_REPR.maxstring, _REPR.maxlong, _REPR.maxother = 300, 300, 300


# Positional CLI arguments, named by their metavar; anything else without dashes is a column
# (or a Python parameter, which the same word serves).
_ARGUMENTS = frozenset({"TARGET", "STORE", "RELEASE_DIR", "DATA", "SCORED"})


# Settings objects built in Python: "WebConfig.workers" names a field the caller passed.
_SETTINGS_CLASSES = frozenset({"WebConfig"})


# Sections of an audit spec (ethiclens.spec): "policy.n_boot" names a key of a config file.
_SPEC_SECTIONS = frozenset(
    {"spec", "version", "target", "roles", "groups", "policy", "model", "outputs", "gate"}
    | {"thresholds"}
)


def _kind(column) -> str:
    """What ``column`` names in a message: a command-line option, an argument, a key of a
    spec (config) file or a column."""
    text = plain_text(column)
    if re.match(r"--?[A-Za-z]", text):  # --n-boot, -h; a column named '-' or '-1' is a column
        return "option"
    if text in ("spec", "version") or ("." in text and text.partition(".")[0] in _SPEC_SECTIONS):
        return "key"
    if text in _ARGUMENTS or text.partition(".")[0] in _SETTINGS_CLASSES:
        return "argument"
    return "column"


def _where(column, kind: str) -> str:
    """What a refusal is about: ``kind`` and ``column`` (``option '--n-boot'``); a column of
    several names of different kinds (``TARGET/--db``: the positional argument and a flag that
    both name a target) each by its own kind (``argument 'TARGET' and option '--db'``): the
    positional TARGET is no option."""
    pieces = str(column).split("/") if isinstance(column, str) else ()
    kinds = [_kind(p) for p in pieces]
    named = ("option", "argument", "key")
    if kind not in named or len(set(kinds)) < 2 or not all(k in named for k in kinds):
        return f"{kind} {_REPR.repr(column)}"
    said = [f"{k} {_REPR.repr(p)}" for k, p in zip(kinds, pieces, strict=True)]
    return f"{', '.join(said[:-1])} and {said[-1]}"


class EthicLensInputError(ValueError):
    """Bad user input. The CLI turns it into a one-line message and exit code 2.

    Parameters
    ----------
    problem : str
        What is wrong, in plain words.
    column : str, optional
        The column, option (``--flag``) or argument the problem is in; the message calls it
        by what it is.
    value : object, optional
        The offending value, shown with ``repr``.
    fix : str, optional
        What the user can do about it.
    kind : str, optional
        What ``column`` is ("key", "option", ...) where its spelling does not say (a config
        file's top-level key).
    """

    in_data: frozenset | set = frozenset()  # the columns an audit read (spec.columns_named)
    # the values a refusal of a label or prediction column found (fairness.not_binary), as its
    # words list them: read by the faces that act on them (the web's Positive label value),
    # never parsed back out of the words; kept when the refusal is said in another face's words
    found: tuple | None = None

    def __init__(self, problem: str, *, column=None, value=None, fix=None, kind=None):
        self.problem = problem
        self.column = column
        self.value = value
        self.fix = fix
        self.kind = kind or (None if column is None else _kind(column))
        # a name over 300 characters shown cut in its middle (a 10,000-character column name
        # was printed whole); self.column keeps it whole for the faces that look it up
        where = "" if column is None else f"{_where(column, self.kind)}: "
        shown = "" if value is None else f" (value: {_REPR.repr(value)})"
        parts = (where, problem, shown, f". Fix: {fix}" if fix else "")
        # Last line of defence: whatever a message quotes (a URL, a driver's error, a DSN), no
        # credential pattern survives into it (ethiclens/_secrets.py); each quoted piece masked
        # alone, so a choice named like a password does not eat the choices after it.
        super().__init__(masked_quotes("".join(parts), mask_secrets))

    def renamed(
        self, names: dict, kind: str | None = None, words: dict | None = None
    ) -> EthicLensInputError:
        """This refusal in another face's words: ``names`` maps what it called its column
        (pieces of ``"--table/--query"`` too) to the new names; ``words`` maps more flags its
        problem or fix may name (every flag a config file's user did not type, or a Python
        caller's keywords). A flag is renamed in the text too ("choose another path for
        --json"), so a config file's user is never told to use a flag. The same error when
        nothing changes."""
        flags = {**(words or {}), **{o: n for o, n in names.items() if str(o).startswith("--")}}
        # a user's value in the words ("give the threshold ethiclens audit x used") starts no
        # command line, whose flags would stay unrenamed
        given = [self.value, *(self.value if isinstance(self.value, list | tuple) else ())]
        users = tuple(str(v) for v in (*given, self.column) if isinstance(v, str | PurePath) and v)
        problem = _in_words(self.problem, flags, users)
        fix = _fix_in_words(self.fix, flags, users)
        column = self.column
        if column is not None and plain_text(column) in names:  # whole: a URL holds '/' too
            column = names[plain_text(column)]
        elif column is not None:
            column = "/".join(str(names.get(p, p)) for p in plain_text(column).split("/"))
        unchanged = (problem, column) == (self.problem, self.column) and fix is self.fix
        if unchanged and kind in (None, self.kind):
            return self
        own = type(self).__init__ is EthicLensInputError.__init__
        cls = type(self) if own else EthicLensInputError
        return with_found(cls(problem, column=column, value=self.value, fix=fix, kind=kind), self)


def with_found(exc: EthicLensInputError, source: EthicLensInputError) -> EthicLensInputError:
    """``exc`` (``source`` said in other words) carrying the values ``source`` found."""
    if source.found is not None:
        exc.found = source.found
    return exc


def _fix_in_words(fix, flags: dict, users: tuple = ()):
    """A fix with the flags of ``flags`` renamed: an :class:`Example` as that face writes it, a
    :class:`FaceFix`'s command-line words too (a config file's user is told its key there);
    the same object when nothing changes."""
    if isinstance(fix, Example):
        return fix.said_as(flags)
    said = _in_words(fix, flags, users)
    if not isinstance(fix, FaceFix):
        return said
    cli = _in_words(fix.cli, flags, users)
    return fix if (str(said), cli) == (str(fix), fix.cli) else FaceFix(said, cli)


def _python_text(value: str) -> str:
    """``value`` as a Python str literal: ``repr``, in double quotes where it holds none
    (``"a b.html"``, ``'say "hi".html'``): valid Python whatever it holds."""
    said = repr(value)
    return f'"{said[1:-1]}"' if said[0] == "'" and '"' not in value else said


_PLAIN = re.compile(r"\w[\w./+=-]*")  # a value YAML's flow style may read as written
# YAML 1.2 core's plain scalars of other types, as a config file is read (io's loader): a
# text matching one (``1e5``, ``0o17``) is quoted though PyYAML's YAML 1.1 reads it as text
_YAML_BOOL = r"^(?:true|True|TRUE|false|False|FALSE)$"
_YAML_INT = r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"
_YAML_FLOAT = (
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
)
# what a YAML reader refuses or reads otherwise in a double-quoted scalar, which JSON leaves
# as it is (a DEL, C1 controls, line separators, a surrogate of undecodable bytes): escaped
_YAML_ESCAPED = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")


def _yaml_text(value: str) -> str:
    """``value`` as a YAML flow scalar that reads back as this str: plain where YAML 1.1 and
    a config file's 1.2 read it so (``a.html``; not ``true``, ``1.5``, ``1e5``, ``0o17``,
    ``2001-01-01``, ``=``), else in JSON's quotes,
    which YAML reads, with what YAML would not read as written escaped."""
    if _PLAIN.fullmatch(value) and not any(
        re.match(rx, value) for rx in (_YAML_BOOL, _YAML_INT, _YAML_FLOAT)
    ):
        import yaml  # here: a refusal's example only

        try:
            if yaml.safe_load(f"{{k: {value}}}") == {"k": value}:
                return value
        except yaml.YAMLError:
            pass
    said = json.dumps(value, ensure_ascii=False)
    return _YAML_ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", said)


class Example(str):
    """``e.g. --html report.html``: one option and its value (a file name that may hold spaces,
    quotes or a leading dash), which each face writes in its own words (:meth:`said_as`): the
    command line's shell-quoted (``--html 'a b.html'``, ``--html=-.html``), a Python call's
    keyword (``path="a b.html"``), a config file's key (``outputs: {html: "a b.html"}``)."""

    def __new__(cls, flag: str, value: str | None = None):  # None: a copy's text, as it is
        if value is None:
            return super().__new__(cls, flag)
        quoted = shlex.quote(plain_text(value))
        said = f"e.g. {plain_text(flag)}{'=' if quoted[0] == '-' else ' '}{quoted}"
        out = super().__new__(cls, said)
        out.flag, out.value = flag, plain_text(value)
        return out

    def said_as(self, flags: dict) -> str:
        """This example where ``flags`` renames its option: a Python keyword, a config key
        (``section.key``) or another option."""
        name = str(flags.get(getattr(self, "flag", None), ""))
        if not name or name == self.flag:
            return self
        if name.startswith("-"):
            return Example(name, self.value)
        if re.fullmatch(r"[A-Za-z_]\w*", name):
            return f"e.g. {name}={_python_text(self.value)}"
        value = _yaml_text(self.value)
        section, dot, key = name.rpartition(".")
        return f"e.g. {section}: {{{key}: {value}}}" if dot else f"e.g. {name}: {value}"


class FaceFix(str):
    """A fix in the Python face's words that carries its command line's (``cli``: files and
    flags, not pandas), which the command line gives instead (:func:`in_cli_words`):
    recognised by type, never by text."""

    def __new__(cls, fix: str, cli: str | None = None):  # None: a copy's state sets it
        out = super().__new__(cls, fix)
        out.cli = cli
        return out


class _DatabaseFix(FaceFix):
    """The fix of a database URL given where the data's path goes, in the words of the face
    that gave the path, carrying the command line's (``cli``, :func:`in_cli_words`):
    recognised by type (never by text) by a face whose database is given otherwise (the
    monitor's :class:`MonitorRequest` takes ``db=``, ``table=``, ``query=``) or not at all
    (a file read under :func:`ethiclens._checks.naming_file`: ``--data``, ``SCORED``)."""


# the fix of a URL given where only a local file is read (no database either)
LOCAL_PATH_FIX = "give the file's local path (EthicLens reads no URL there)"


def in_cli_words(exc: EthicLensInputError) -> EthicLensInputError:
    """``exc`` with the words for files and flags its fix carries (:class:`FaceFix`), if any:
    what the command line says instead of the Python face's pandas code."""
    cli = getattr(exc.fix, "cli", None)
    if cli is None:
        return exc
    said = EthicLensInputError(
        exc.problem, column=exc.column, value=exc.value, fix=cli, kind=exc.kind
    )
    return with_found(said, exc)


# a fix's words for a file, said of a database's rows (:func:`in_source_words`): a CSV's own
# clauses dropped, then the file named as the table or the query's result (NOUN)
_FILE_CLAUSES = (
    (re.compile(r" \((e\.g\. '[^']*'); a CSV field of digits[^)]*\)"), r" (\1)"),
    (re.compile(r", or save the file as Parquet with the column as strings"), ""),
    (re.compile(r"\bwrite them in the file as text\b"), "store them in NOUN as text"),
    (re.compile(r"\b(in|from) the file or table\b"), r"\1 NOUN"),
    (re.compile(r"\b(in|from|of) the file\b(?!'s name)"), r"\1 NOUN"),
)


def source_noun(table=None, query=None) -> str | None:
    """How a fix names where a database's rows come from: 'the table' (``table``), 'the
    query's result' (``query``); None for a file's rows (the fixes' own words)."""
    return "the table" if table else "the query's result" if query else None


def _of_source(text, noun: str):
    if not isinstance(text, str):
        return text
    for pattern, new in _FILE_CLAUSES:
        text = pattern.sub(new.replace("NOUN", noun), text)
    return text


def in_source_words(exc: EthicLensInputError, noun: str | None) -> EthicLensInputError:
    """``exc`` with its fix (and the command line's, :class:`FaceFix`) saying ``noun``
    (:func:`source_noun`: the table, the query's result) where it says 'in the file' of rows
    read from a database; ``exc`` itself when nothing changes, or ``noun`` is None."""
    fix, cli = exc.fix, getattr(exc.fix, "cli", None)
    if not noun:
        return exc
    said = _of_source(fix, noun)
    if isinstance(fix, FaceFix):
        said = type(fix)(said, _of_source(cli, noun))
    if said == fix and getattr(said, "cli", None) == cli:
        return exc
    own = type(exc).__init__ is EthicLensInputError.__init__
    out = (type(exc) if own else EthicLensInputError)(
        exc.problem, column=exc.column, value=exc.value, fix=said, kind=exc.kind
    )
    out.__dict__.update({k: v for k, v in vars(exc).items() if k != "fix"})
    return out


def absent_label_named(exc: EthicLensInputError, name: str, column=None, kind=None):
    """A positive label no row of a label or prediction column holds (the engine's "column
    'pred (y_pred)': pos_label does not occur in the column; it is ...") said as a refusal of
    ``name``, what gave it (``roles.pos_label``, ``--pos-label``): "no row of the column 'pred
    (y_pred)' holds it; it is ..." (``column``: the data column, if not ``exc``'s), the value,
    the fix, the class and what the spec's and the monitor's checks read kept."""
    _, _, why = str(exc.problem).partition("; ")
    named = str(exc.column if column is None else column)
    problem = shortened_quotes(f"no row of the column {named!r} holds it")  # a long name cut
    problem += f"; {why}" if why else ""
    said = type(exc)(problem, column=name, value=exc.value, fix=exc.fix, kind=kind)
    said.__dict__.update({k: v for k, v in vars(exc).items() if k in ("columns", "stream_fix")})
    return said


def in_flag_words(exc: EthicLensInputError, flag: str) -> EthicLensInputError:
    """``exc`` about a library's parameter or key (its column) named as the command line's
    ``flag`` that set it, an example of it in the fix written as that flag takes it: ``e.g.
    epsilon=1.0`` as ``e.g. --epsilon 1.0``, ``e.g. epsilons = [1.0, 'none']`` as ``e.g.
    --epsilons 1.0,none`` (a :class:`FaceFix` gives its command line's words first)."""
    exc = in_cli_words(exc)
    fix = exc.fix
    if isinstance(fix, str) and not isinstance(fix, Example):
        value = r"(\[[^\]]*\]|'[^']*'|\"[^\"]*\"|[^\s,;()\[\]]+)"
        example = re.compile(rf"(?<![\w.-]){re.escape(str(exc.column))} ?= ?{value}")
        # a user's name quoted in the fix (a group 'group_order=x' listed) is not an example
        quoted = [m.span() for m in _QUOTED.finditer(fix)]
        fix = example.sub(
            lambda m: (
                m.group()
                if any(a < m.start() < b for a, b in quoted)
                else f"{flag} {_flag_value(m.group(1))}"
            ),
            fix,
        )
    return EthicLensInputError(exc.problem, column=flag, value=exc.value, fix=fix)


def note_in_words(text: str, words: dict) -> str:
    """A note (not a refusal) in a face's words: each flag of ``words`` renamed as
    :meth:`EthicLensInputError.renamed` renames a refusal's (a Python caller's ``--store``
    as ``store_path``), a command line it suggests kept whole."""
    return _in_words(text, words)


# a str as repr() quotes it in a message: its opening quote after no letter (not the
# apostrophe of "model's"), its closing one before none
_QUOTED = re.compile(r"(?<!\w)(?:'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\")(?!\w)")


def shortened_quotes(text: str) -> str:
    """``text`` with each quoted value longer than a message shows cut in its middle, as
    :class:`EthicLensInputError` shows a value (click's "'xxx...' is not a valid integer" of a
    5,000-character value, or its unknown option or command so named, printed it whole)."""

    def cut(match: re.Match) -> str:
        quoted = match.group()
        if len(quoted) <= _REPR.maxstring + 2:
            return quoted
        try:
            value = ast.literal_eval(quoted)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return quoted
        return _REPR.repr(value) if isinstance(value, str) else quoted

    return _QUOTED.sub(cut, text)


def _flag_value(value: str) -> str:
    """A keyword's or key's example value (``1.0``, ``'paper'``, ``[1.0, 'none']``) as a
    flag takes it: a list comma-separated (``1.0,none``), shell-quoted where it must be."""
    items = value[1:-1].split(",") if value.startswith("[") else [value]
    said = ",".join(i.strip().strip("'\"") for i in items)
    return shlex.quote(said)


def _in_words(text: str | None, flags: dict, users: tuple = ()) -> str | None:
    """``text`` with each flag of ``flags`` renamed, but not inside a command line it suggests
    (``ethiclens audit --counts FILE --protected g=a``: :data:`_COMMAND`), which stays a valid
    command on every face. Text that already says which face each spelling is for ("--pos-label
    1 on the command line, pos_label='1' in Python") is kept. One of ``users`` (the user's own
    strings: a column named 'ethiclens audit x') starts no command."""
    if text is None or "on the command line" in text:
        return text
    parts = _commands_split(text, users)  # prose, command, prose, ...: no placeholder
    parts[::2] = (_prose_in_words(p, flags) for p in parts[::2])
    said = "".join(parts)
    return text if said == text else said  # unchanged: its type too (a FaceFix's CLI words)


def _commands_split(text: str, users: tuple) -> list[str]:
    """``text`` as prose, command, prose, ...: a command (:data:`_COMMAND`) whose "ethiclens
    CMD" lies inside one of ``users`` is prose (a quoted command is one: "see 'ethiclens
    p2nia release --store'")."""
    spans = [(i, i + len(u)) for u in users for i in _starts(text, u)]
    parts, start, pos = [], 0, 0
    while match := _COMMAND.search(text, pos):
        head = match.start() + _HEAD.match(match.group()).end()  # ethiclens CMD, no quote
        if any(_holds(text, a, b, match.start(), head) for a, b in spans):
            pos = match.start() + 1
            continue
        parts += [text[start : match.start()], match.group()]
        start = pos = match.end()
    return [*parts, text[start:]]


def _holds(text: str, a: int, b: int, start: int, head: int) -> bool:
    """The user's string at ``text[a:b]`` holds the command's "ethiclens CMD" (``start`` to
    ``head``): all of it and more, or exactly it in quotes. A value that is only "ethiclens
    audit" leaves a real "run ethiclens audit --bins ..." a command, as before."""
    if not a <= start <= head <= b:
        return False
    return (a, b) != (start, head) or 0 < a and b < len(text) and text[a - 1] == text[b] in "'\""


def _starts(text: str, sub: str):
    i = text.find(sub)
    while i >= 0:
        yield i
        i = text.find(sub, i + 1)


def _prose_in_words(text: str, flags: dict) -> str:
    text = _EXAMPLE.sub(lambda m: _as_config(m, flags), text)
    for old, new in flags.items():
        if old != new:
            # a placeholder (TARGET) is a word of its own, never a piece of a path a message
            # shows ("not found in /data/TARGET" is that folder, not the argument)
            alone = "" if str(old).startswith("-") else r"(?<![\w/\\.-])"
            after = r"(?![\w-])" if str(old).startswith("-") else r"(?![\w/\\-])"
            # "(--y-true, roles.y_true)" already names both faces: keep the one named
            flag = re.compile(alone + re.escape(str(old)) + after + rf"(, {re.escape(str(new))})?")
            text = _sub_unquoted(flag, str(new), text)
    return text


def _sub_unquoted(pattern: re.Pattern, new: str, text: str) -> str:
    """``pattern`` replaced by ``new`` in ``text``, but not inside a quoted str (a user's
    group named '--n-boot' listed in a fix is the user's name, not the flag)."""
    quoted = [m.span() for m in _QUOTED.finditer(text)]
    return pattern.sub(
        lambda m: m.group() if any(a < m.start() < b for a, b in quoted) else new, text
    )


# A command line a message suggests, from "ethiclens CMD" to the end of its clause (a ";", a
# ")" it did not open, a backtick, a line's end, or ", ", ": ", ". " and a final "."): its
# arguments (data.csv, FILE, ...), values with commas or colons (--bins age=0,25), shell-quoted
# values ('g=a b'; an unclosed quote is a character) and parenthesised words are its own. Only
# the CLI's commands (cli._main.COMMANDS) start one: a column or value 'ethiclens pred' is prose.
_COMMAND = re.compile(
    r"(\bethiclens (?:audit|compare|counts|datasets|monitor|oracle|p2nia|pcer|probe|serve"
    r"|thresholds)(?![\w-])(?:'[^'\n]*'|\"[^\"\n]*\"|\([^()\n]*\)|\.\.\.|[^\n;,:.()`]"
    r"|[,:.](?=[^\s;)`]))*)"
)


_HEAD = re.compile(r"ethiclens \w+")  # a command's first two words: _COMMAND's start

# "e.g. --y-true label --y-pred pred --protected sex=Male": an example written with flags
# (a value's commas count when a value follows: --bins age=0,40,100, not "--table t, or")
_EXAMPLE = re.compile(
    r"e\.g\. ((?:--[a-z][\w-]* [^\s,;()\"'-](?:[^\s,;()\"']|,(?=[^\s,;()\"']))*(?: (?=--)|))+)"
)
# keys whose COL=VALUE example is a list per column ({race: [Asian]})
_LISTED = ("exclude", "exclude_groups", "bins", "discretization")


def _as_config(match: re.Match, flags: dict) -> str:
    """An example of flags, every flag of which ``flags`` names as a config key, written as
    config (``roles: {y_true: label, y_pred: pred, protected: {sex: Male}}``: a config file's
    user writes no flags), or as a Python call's keywords where it names them so
    (``y_true="label", y_pred="pred", protected={"sex": "Male"}``); else as it is."""
    pairs = [p.split(" ", 1) for p in re.findall(r"--[\w-]+ \S+", match.group(1))]
    keys = [str(flags.get(flag, "")) for flag, _ in pairs]
    python = all(re.fullmatch(r"[a-z_]+", k) for k in keys)
    if not pairs or not (python or all(re.fullmatch(r"[a-z_]+\.[a-z_]+", k) for k in keys)):
        return match.group(0)
    sections: dict = {}
    for key, (_, value) in zip(keys, pairs, strict=True):
        section, _, name = key.rpartition(".")
        entries = sections.setdefault(section, {})
        value = _example_value(value, name in _LISTED, python)
        entries[name] = f"[{entries[name]}, {value}]" if name in entries else value
    if python:
        return "e.g. " + ", ".join(f"{k}={v}" for k, v in sections[""].items())
    said = (f"{s}: {{{', '.join(f'{k}: {v}' for k, v in e.items())}}}" for s, e in sections.items())
    return "e.g. " + "; ".join(said)


def _example_value(value: str, listed: bool, python: bool) -> str:
    """A flag's example value (``sex=Male``, ``race=Asian``, ``age=0,25,45``, ``pred``) as a
    config file (YAML's flow style) or a Python call writes it."""

    def word(text: str) -> str:
        number = re.fullmatch(r"-?\d+(\.\d+)?", text)
        return _python_text(text) if python and not number else text

    column, eq, rest = value.partition("=")
    if not eq:
        return word(value)
    rest = f"[{', '.join(word(v) for v in rest.split(','))}]" if listed else word(rest)
    return f"{{{word(column)}: {rest}}}"


class DataFileError(EthicLensInputError):
    """A data file is missing, corrupt or unreadable."""


class EmptyInputError(DataFileError):
    """A file, table or query with a header but no data rows (a monitor adds nothing from it;
    an audit refuses it)."""


class NotInCacheError(DataFileError):
    """A downloadable file is not in the local cache and downloading was not allowed."""


def flag_texts(values, flag: str, example: str) -> list:
    """The items of a repeatable flag's values as its exported parser takes them (the spec's
    ``parse_bins``/``parse_protected``/..., P2NIA's ``parse_bins``): a list or tuple of texts;
    one text is one item (never read letter by letter, ``'sex'`` as the columns s, e, x). What
    else is given (None, a set, a number, bytes, a mapping, an item that is not text) is
    refused in one line naming ``flag``, never an AttributeError or TypeError."""
    if isinstance(values, str):
        return [values]
    if isinstance(values, (list, tuple)) and all(isinstance(v, str) for v in values):
        return list(values)
    problem = "must be text or a list of texts, not "
    if isinstance(values, (list, tuple)):  # the first item that is not text
        item = next(v for v in values if not isinstance(v, str))
        problem = f"must be text or a list of texts, not one holding {type(item).__name__} {item!r}"
    else:
        problem += "None" if values is None else type(values).__name__
    raise EthicLensInputError(problem, column=flag, value=values, fix=f"e.g. [{example!r}]")
