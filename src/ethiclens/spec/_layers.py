"""A spec from a config file with values on top (a command's flags, a form's fields): the
values win, and each value that replaced one of the file's is said in a note."""

from __future__ import annotations

import json

from .._checks import argument_kinds, instance_kind, kind_refusal
from ..errors import EthicLensInputError
from ..io import path_kind
from ._parse import parse_protected
from ._spec import AuditSpec, _normalise, read_spec_file, with_empty_sections
from ._unused import given_options, with_given

TARGET_KINDS = ("dataset", "file", "counts", "db", "db_env")
_TARGET_FLAGS = ("TARGET", "--db", "--db-env", "--counts")


_PATH = path_kind("give the configuration file's path, e.g. 'audit.yaml', or None")


def _config_kind(value, name: str) -> None:
    """An argument kind: the configuration file's path, or None (no file)."""
    if value is not None:
        _PATH(value, name)


_CONFIG = _config_kind


def _note_kind(value, name: str) -> None:
    """An argument kind: a value a note writes, as a config file holds it (text, a number,
    true/false, null, lists and mappings of them), written as JSON: a set, bytes or a whole
    number past Python's 4,300-digit limit raised json's TypeError or the int-to-text error."""
    if isinstance(value, str):
        return
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        problem = "must be a config value (text, a number under 4,300 digits, true/false, None, "
        problem += "a list or dict of them)"
        raise kind_refusal(value, name, problem, "e.g. 500, 'g' or ['a', 'b']") from None


_NOTE = _note_kind
_UPDATES = instance_kind(dict, "a dict of spec path -> value", "e.g. {'roles.y_pred': ['p']}")
_BY = instance_kind(dict, "a dict of spec path -> the option that gave it", "e.g. {}")
_TYPED = instance_kind(dict, "a dict of spec path -> the text typed", "e.g. {}", optional=True)


@argument_kinds(config=_CONFIG, updates=_UPDATES, by=_BY, typed=_TYPED)
def layered_spec(
    config, updates: dict, by: dict, typed: dict | None = None
) -> tuple[AuditSpec, list[str]]:
    """(the spec, notes): ``config`` (a YAML/JSON spec file, or None) with ``updates``
    (``{"section.key": value}``) on top. ``by`` names what set each path (a flag such as
    ``--n-boot``); a note says each file value it overrode (a database URL without its
    password), a repeatable flag as typed where ``typed`` gives its values (``--protected sex
    --protected race``, not its parsed list). A target given on top replaces the file's
    target whatever its kind."""
    data = checked_spec_file(config) if config else {}
    file_data = {k: dict(v) if isinstance(v, dict) else v for k, v in data.items()}
    notes = []

    def note(path, old, given):
        notes.append(override_note(path, old, given, config))

    said = {p: f"{by[p]} {note_value(v)}" for p, v in updates.items()}
    # each value shown as any flag's is: a line break is escaped, never a line of its own
    said |= {
        p: " ".join(f"{by[p]} {note_value(v)}" for v in vals) for p, vals in (typed or {}).items()
    }
    section = file_data.get("target")
    if any(p.split(".")[1] in TARGET_KINDS for p in updates) and isinstance(section, dict):
        which = next((g for g in said.values() if g.split(" ")[0] in _TARGET_FLAGS), "")
        to_db = "target.db" in updates or "target.db_env" in updates
        # a file, dataset or counts target on top has no table or query
        for kind in TARGET_KINDS + (() if to_db else ("table", "query")):
            old, path = section.pop(kind, None), f"target.{kind}"
            if old is not None and updates.get(path) != old:
                note(path, old, which)
    for path, old, given in replaced_table_or_query(section, said):
        note(path, old, given)
    for path, value in updates.items():
        name, key = path.split(".")
        part = file_data.setdefault(name, {})
        if not isinstance(part, dict):
            continue
        if config and key in part and not _same_value(path, part[key], value):
            note(path, part[key], said[path])
        part[key] = value
    # The file alone passed (checked_spec_file): a refusal now is of the values on top, so it
    # does not name the file (`--weight ''` is the flag's, not the file's).
    # A fresh seed is drawn now, so that --save-config writes the seed the run uses.
    spec = AuditSpec.from_dict(file_data, source="command line").seeded()
    flags = {path.split(".")[1] for path in updates if path.startswith("target.")}
    return with_given(spec, given_options(data) | flags), notes


def _same_value(path: str, old, new) -> bool:
    """Whether the file's ``old`` and the value on top ``new`` are one value as a spec reads
    them: ``y_pred: a`` and ``--y-pred a`` (a list of one), ``protected: g`` and
    ``--protected g``; no note says that a value overrides itself."""
    if old == new:
        return True
    section, key = path.split(".")
    try:
        old, new = (_normalise({section: {key: v}}, "spec")[section].get(key) for v in (old, new))
        if key == "protected" and old != new:  # {g: x} is 'g="x"' (spaces kept), --protected g=x
            old, new = parse_protected(old), parse_protected(new)
    except (EthicLensInputError, TypeError, ValueError):  # refused later, as the values on top
        return False
    return old == new


@argument_kinds(given=_BY)
def replaced_table_or_query(section, given: dict) -> list[tuple[str, object, str]]:
    """A table given on top replaces the file's ``target.query``, a query its
    ``target.table`` (a target reads one of them): each is dropped from ``section`` (the
    file's target, a dict) and returned as (its path, its value, what replaced it), for the
    caller's note. ``given`` maps each path set on top to what set it ("--query SELECT ...");
    a table and a query both given on top are left to be refused together."""
    replaced = []
    for key, other in (("table", "query"), ("query", "table")):
        path = f"target.{key}"
        old = section.get(other) if isinstance(section, dict) else None
        if path in given and f"target.{other}" not in given and old is not None:
            replaced.append((f"target.{other}", section.pop(other), given[path]))
    return replaced


@argument_kinds(config=_PATH)
def checked_spec_file(config) -> dict:
    """The data of the spec file ``config``, validated on its own as ``--config`` alone is
    (every key: schema, ranges, choices, two targets): a flag on top replaces a value, it
    never makes a bad file good (``policy.di_rule: bogus`` under ``--di-rule below`` is
    refused, naming the file's key; a flag its words name is named as the file's key)."""
    from ._spec import flag_paths

    if not str(config).strip():  # '' or ' ' is no file: never "no config" (silently ignored)
        problem, fix = "must not be empty", "give a value, or leave it out for its default"
        raise EthicLensInputError(problem, column="--config", value=str(config), fix=fix)
    data = read_spec_file(config)
    try:
        AuditSpec.from_dict(data, source=str(config))
    except EthicLensInputError as exc:
        if exc.column in ("spec", "data"):  # the file as a whole (a report as a spec): the option
            raise EthicLensInputError(exc.problem, column="--config", fix=exc.fix) from None
        raise exc.renamed({}, exc.kind, flag_paths()) from None
    return with_empty_sections(data)


@argument_kinds(
    path=instance_kind(str, "a spec path", "e.g. 'roles.protected'"),
    given=instance_kind(str, "the option's text", "e.g. 'g'"),
    old=_NOTE,
    config=_CONFIG,
)
def override_note(path: str, old, given: str, config) -> str:
    """The note that ``given`` (a flag and its value, "--n-boot 500") replaced ``path``'s
    value ``old`` from the file ``config``; a database URL is shown without its password,
    whichever of ``--db``/``--db-env`` and ``target.db``/``db_env`` gives it (a URL typed where
    a variable's name goes is refused later, after the note)."""
    from .._secrets import mask_secrets, mask_url

    flag, _, value = given.partition(" ")
    if path in ("target.db", "target.db_env"):
        old = mask_url(str(old))
    if flag in ("--db", "--db-env"):
        given = f"{flag} {mask_url(value)}"
    return mask_secrets(f"note: {given} overrides {path} = {note_value(old)} from {config}")


@argument_kinds(value=_NOTE)
def note_value(value) -> str:
    """A value in a one-line note or fix (a config's overrides, the monitor's "another
    request"): text as it is, quoted with its escapes when it holds a line break or another
    control character (a file's value never writes a line of its own, such as a fake note), or
    when it is blank or has spaces around it (``--protected ' '``, never a value that reads as
    none); anything else as JSON."""
    if isinstance(value, str):
        return value if _bare(value) else repr(value)
    return json.dumps(value)


def _bare(text: str) -> bool:
    """Whether a note shows ``text`` unquoted: printable, not blank, no spaces around it."""
    return text.isprintable() and text.strip() == text != ""
