"""The command-line syntax of roles and group edits, parsed once for every face.

``COL=REFERENCE``, ``ATTR=GROUP``, ``ATTR=A,B:NEW`` and ``ATTR=E0,E1,...`` are how a person types
these on a command line (and may type them in a config file); the spec stores the parsed form.
"""

from __future__ import annotations

from .._checks import argument_kinds, empty_fix, instance_kind, iterable_kind
from .._text import prints_blank, read_group
from ..errors import EthicLensInputError, flag_texts
from ._spec import _refused

# the text a group edit's parts are read from (a --merge-groups value, a group's name)
_TEXT = instance_kind(str, "text", "e.g. 'a,b:ab'")
_COLUMNS = iterable_kind("a list of column names", "e.g. ['race']")


@argument_kinds(cols=_COLUMNS)
def refuse_blank_columns(cols) -> None:
    """A protected column of the data whose name prints as nothing (' ', a zero-width space,
    U+3164: matched whole by :func:`parse_protected`) refused by its column, in one set of
    words on every engine (the counting ones and pandas) and face reading the data's columns:
    every report would head its groups with a name that prints as nothing."""
    for col in cols:
        if isinstance(col, str) and prints_blank(col):  # a frame's column 0 prints
            raise EthicLensInputError(
                "an attribute's name must not be empty (it prints as nothing)",
                column=col,
                fix="rename the column in the data to a name that prints",
            )


@argument_kinds(columns=_COLUMNS)
def parse_protected(values, columns=None):
    """``COL`` or ``COL=REFERENCE`` -> (columns, {column: reference}).

    A column whose own name contains "=" is matched whole first (``--protected 'a=b'``), then
    split at the "=" that leaves a known column on the left (``--protected 'a=b=x'``). A
    reference is stripped of spaces around it unless written in double quotes
    (``sex=" Female"``: the group as the file writes it), where ``\\"`` and ``\\\\`` are a
    quote and a backslash (:func:`read_group`, as the group edits read a group).
    """
    cols, refs = [], {}
    known = set(map(str, columns)) if columns is not None else None
    for item in flag_texts(values, "--protected", "sex=Female"):
        col, sep, ref = item.partition("=")
        if known is not None and item in known:
            col, sep, ref = item, "", ""
        elif known is not None and col not in known and "=" in item:
            # the longest known column left of an "=" (a reference may hold "=" too)
            ends = [i for i, ch in enumerate(item) if ch == "=" and item[:i] in known]
            if ends:
                col, sep, ref = item[: ends[-1]], "=", item[ends[-1] + 1 :]
        named = known is not None and col in known  # a column of the data, matched whole
        col = col if named else col.strip()
        ref = read_group(ref)  # spaces kept inside double quotes, its escapes read (a\\"b)
        # '   ', '=F', '\u200b', a mapping's '' key: no column named (the data has none such)
        if not col or (prints_blank(col) and not named):
            raise _refused("must not be empty", "--protected", empty_fix("protected"), item)
        if col in cols:
            fix = "name each protected attribute once (a reference with NAME=GROUP)"
            raise _refused("given twice", "--protected", fix, col)
        cols.append(col)
        if sep:
            refs[col] = ref
    return cols, refs


@argument_kinds(protected=_COLUMNS)
def attribute_names(protected) -> set[str]:
    """Every column name ``--protected`` values may stand for: ``age>=65=no`` is the column
    ``age>=65`` (reference ``no``), or ``age>`` (reference ``65=no``), or ``age>=65=no``."""
    names = set()
    for value in protected:
        parts = str(value).split("=")
        names |= {"=".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return names


def edit_attributes(protected=(), config=None, counts=None) -> set[str]:
    """The names a group edit's ATTR may be (see :func:`attribute_names`): the ``--protected``
    values' (else the spec file's ``roles.protected``), and the columns of a counts table
    (``counts``, else the file's ``target.counts``; its header only). What cannot be read adds
    none: the run then names that problem."""
    from ..sources import file_columns
    from ._spec import read_spec_file

    try:
        data = read_spec_file(config) if config else {}
    except EthicLensInputError:
        data = {}
    given = protected or _section(data, "roles").get("protected") or ()
    given = [given] if isinstance(given, str) else given  # a file's one name, or its mapping
    names = attribute_names(given if isinstance(given, (list, tuple, dict)) else ())
    counts = counts or _section(data, "target").get("counts")
    try:
        return names | set(file_columns(counts)) if isinstance(counts, str) else names
    except (EthicLensInputError, OSError, ValueError):
        return names


def _section(data, name: str) -> dict:
    """``data[name]`` where both are mappings, else empty (what is not a spec, the run refuses)."""
    part = data.get(name) if isinstance(data, dict) else None
    return part if isinstance(part, dict) else {}


def _edit_attribute(attr: str, attributes=None) -> str:
    """A group edit's ATTR as the audit reads ``--protected``: one of ``attributes`` (the
    protected columns' names) matched whole (the column ``' g'``), else stripped of spaces
    around it, or in double quotes exactly what they hold (``" g"=c``: the fix a refusal of
    ``g`` gives when the column is ``' g'``)."""
    return attr if attr in (attributes or ()) else unquoted(attr)


@argument_kinds(
    groups=instance_kind(
        dict, "the group edits (a dict)", "e.g. {'merge': {'g': {'ab': ['a', 'b']}}}"
    )
)
def resolved_edits(groups: dict, protected, columns=None) -> dict:
    """``groups`` (``{"exclude": ..., "merge": ..., "bins": ...}``: a spec's group edits, the
    monitor request's) with each ATTR kept whole as a ``--protected`` value typed it (``' g'``,
    :func:`parse_excludes`) read as the column that value names among ``columns`` (as
    :func:`parse_protected` reads them: ``'g'`` where the data has no ``' g'``); two edits that
    then name one attribute joined as one flag's would be. ``groups`` itself where none is."""
    if not (protected and any(groups.values())):
        return groups
    cols = parse_protected(protected, columns)[0]
    items = flag_texts(protected, "--protected", "sex=Female")
    names = {
        typed: col
        for item, col in zip(items, cols, strict=True)
        for typed in attribute_names([item])
        if typed != col and typed.strip() == col
    }
    if not any(a in names for edits in groups.values() for a in edits or {}):
        return groups
    return {kind: edits and _renamed(edits, names, kind) for kind, edits in groups.items()}


def _renamed(edits, names: dict, kind: str) -> dict:
    """``edits`` (one kind of :func:`resolved_edits`) under the columns ``names`` maps to."""
    flag = {"exclude": "--exclude-group", "merge": "--merge-groups", "bins": "--bins"}[kind]
    out: dict = {}
    for attr, value in (edits or {}).items():
        col = names.get(attr, attr)
        if col not in out:
            out[col] = value
        elif kind == "exclude":
            out[col] = list(dict.fromkeys([*out[col], *value]))
        elif kind == "bins":
            raise _refused("an attribute binned twice", flag, "give it once", col)
        elif set(out[col]) & set(value):
            new = min(set(out[col]) & set(value))
            fix = "list every group of one merge in one flag"
            raise _refused(f"two merges into {new!r}", flag, fix, col)
        else:
            out[col] = {**out[col], **value}
    return out


def _split_attribute(item: str, attributes) -> tuple[str, str, str]:
    """``ATTR=REST`` split after the longest of ``attributes`` it starts with, as typed or in
    double quotes (a column whose own name holds "=": ``age>=65=yes,no:all``, ``" g=h"=c``),
    else at the first "="; ATTR as typed (:func:`edit_attribute` reads it)."""
    known = [f for a in attributes or () for f in (a, f'"{a}"') if item.startswith(f"{f}=")]
    if known:
        attr = max(known, key=len)
        return attr, "=", item[len(attr) + 1 :]
    return item.partition("=")


@argument_kinds(
    item=instance_kind(str, "text (a group edit)", "e.g. 'race=a,b'"), attributes=_COLUMNS
)
def edit_attribute(item: str, attributes=None) -> tuple[str, str, str]:
    """A group edit's line ``ATTR=REST`` as ``--exclude-group`` and ``--merge-groups`` read it
    -> (ATTR as typed, the attribute it names, REST): split as :func:`parse_excludes` splits
    it (``attributes`` as there), the attribute one of ``attributes`` matched whole, else
    stripped, or in double quotes what they hold (``" g"=c`` names ``' g'``); ("", "", item)
    where it holds no "="."""
    attr, sep, rest = _split_attribute(item, attributes)
    return (attr, _edit_attribute(attr, attributes), rest) if sep else ("", "", item)


@argument_kinds(attributes=_COLUMNS)
def parse_excludes(values, attributes=None) -> dict:
    """``ATTR=GROUP`` (repeatable) -> ``{attr: [group, ...]}``; ``attributes``: the protected
    columns' names, where one may hold "=" (see :func:`attribute_names`)."""
    out: dict[str, list[str]] = {}
    for item in flag_texts(values, "--exclude-group", "race=Asian"):
        attr, sep, group = _split_attribute(item, attributes)
        attr, group = _edit_attribute(attr, attributes), read_group(group)
        if not (sep and attr and group):
            fix = "e.g. --exclude-group race=Asian"
            raise _refused("must be ATTR=GROUP", "--exclude-group", fix, item)
        out.setdefault(attr, [])
        if group not in out[attr]:
            out[attr].append(group)
    return out


@argument_kinds(text=_TEXT)
def split_outside_brackets(text: str) -> list[str]:
    """``text`` split at its commas outside brackets, parentheses and double quotes, so that a
    bin's label (``[0, 30)``) or a quoted name stays one group: ``"[0, 30),[30, 50)"`` ->
    ``["[0, 30)", "[30, 50)"]``; ``'"Black, non-Hispanic",Other'`` -> ``['"Black,
    non-Hispanic"', 'Other']`` (:func:`unquoted` drops the quotes)."""
    parts, depth, start, quoted, escaped = [], 0, 0, False, False
    for i, char in enumerate(text):
        if escaped:  # a quoted name's \\" or \\\\ (:func:`typed_group`): part of the name
            escaped = False
        elif char == '"':
            quoted = not quoted
        elif quoted:
            escaped = char == "\\"
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


@argument_kinds(name=_TEXT)
def unquoted(name: str) -> str:
    """A group name as written: stripped of spaces around it, or, in double quotes, exactly
    what the quotes hold (its commas, and spaces around it: ``" Female"``)."""
    name = name.strip()
    return name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name


@argument_kinds(rest=_TEXT)
def merge_parts(rest: str) -> tuple[str, str, str]:
    """A merge's ``A,B:NEW`` split at its last ":" outside double quotes, as
    ``str.rpartition``: a name in double quotes may hold ":" (``a,b:"n: e"`` -> ``('a,b', ':',
    '"n: e"')``; ``"x:y",b:c`` -> ``('"x:y",b', ':', 'c')``)."""
    quoted, at, escaped = False, -1, False
    for i, char in enumerate(rest):
        if escaped:  # an escaped quote or backslash in a quoted name
            escaped = False
        elif char == '"':
            quoted = not quoted
        elif quoted:
            escaped = char == "\\"
        elif char == ":":
            at = i
    if at < 0 and quoted:  # an unmatched quote: read as before, at the last ":"
        return rest.rpartition(":")
    return (rest[:at], ":", rest[at + 1 :]) if at >= 0 else ("", "", rest)


@argument_kinds(attributes=_COLUMNS)
def parse_merges(values, attributes=None) -> dict:
    """``ATTR=A,B:NEW`` (repeatable) -> ``{attr: {new: [a, b, ...]}}``; a comma inside brackets
    or parentheses is part of its group's name (a bin's label: ``age=[0, 30),[30, 50):young``);
    a name in double quotes may hold "," and ":" (``g="x,y:z",b:"n: e"``, :func:`typed_group`
    writes one so); ``attributes`` as in :func:`parse_excludes`."""
    out: dict[str, dict[str, list[str]]] = {}
    example = 'e.g. --merge-groups "race=Asian,Native American:Other"'
    for item in flag_texts(values, "--merge-groups", "race=Asian,Other:Other"):
        attr, sep, rest = _split_attribute(item, attributes)
        groups, colon, new = merge_parts(rest)
        attr, new = _edit_attribute(attr, attributes), read_group(new)
        olds = [read_group(g) for g in split_outside_brackets(groups)]
        problem, fix = None, example
        # an ATTR none of ``attributes`` names is refused as unknown where the attributes
        # are checked (every face: "unknown attribute 'nope'"), before the count of groups
        unknown = attributes and attr not in attributes
        if not (sep and colon and attr and new) or not all(olds):
            problem = "must be ATTR=GROUP,GROUP,...:NEW_NAME"
        elif len(set(olds)) < 2 and not unknown:
            problem = "a merge needs two or more different groups"
        elif new in out.get(attr, {}):
            problem, fix = f"two merges into {new!r}", "list every group of one merge in one flag"
        if problem:
            raise _refused(problem, "--merge-groups", fix, item)
        out.setdefault(attr, {})[new] = list(dict.fromkeys(olds))
    return out


@argument_kinds(attributes=_COLUMNS)
def parse_bins(values, attributes=None) -> dict:
    """``ATTR=E0,E1,...`` (repeatable) -> ``{attr: ["E0", "E1", ...]}`` (checked when loaded).
    No edge holds "=": ATTR ends at the last one (a column whose name holds "=", ``a=b=0,10``,
    named by a config file's mapping or nowhere), unless what that leaves of ATTR is none of
    ``attributes`` and holds a comma or ends in "=": an "=" typed among the edges
    (``age=0,25=30``, ``age==0,25``), then read as the group edits read ATTR, so that the
    edges' check names the item (``25=30``). (The web's bins box holds edges only and splits
    them at commas itself, 7aae595c.)"""
    out = {}
    for item in flag_texts(values, "--bins", "age=0,25,45,65,120"):
        attr, sep, edges = item.rpartition("=")
        typo = "," in attr or attr.endswith("=")  # no column, most likely: an edge's "="
        if typo and attr.strip() not in (attributes or ()):
            attr, sep, edges = _split_attribute(item, attributes)
        attr = _edit_attribute(attr, attributes)
        if not sep or not attr or not edges.strip():
            raise _refused("must be ATTR=E0,E1,...", "--bins", "e.g. age=0,25,45,65,120", item)
        if attr in out:
            raise _refused("an attribute binned twice", "--bins", "give it once", attr)
        out[attr] = [e.strip() for e in edges.split(",")]
    return out


def parse_intersections(values) -> list[list[str]]:
    """``A,B`` (repeatable) -> ``[["A", "B"], ...]``."""
    items = flag_texts(values, "--intersections", "race,sex")
    return [[s.strip() for s in item.split(",")] for item in items]


def flag_value(key: str, value, flag: str, attributes=None):
    """A command-line flag's value as the spec stores it under ``key`` (the one parse of the
    audit's and the monitor's flags): group edits and bins parsed (``attributes``: the
    protected columns' names, see :func:`attribute_names`), bin edges checked as numbers
    (named ``flag``), states split at commas, repeated values as a list."""
    if key == "exclude":
        return parse_excludes(value, attributes)
    if key == "merge":
        return parse_merges(value, attributes)
    if key == "bins":
        from ..fairness import check_bin_edges

        return {k: check_bin_edges(v, flag) for k, v in parse_bins(value, attributes).items()}
    if key == "intersections":
        return parse_intersections(value)
    if key == "states":
        return [s.strip() for s in value.split(",")]
    return list(value) if isinstance(value, tuple) else value
