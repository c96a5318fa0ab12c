"""A fast yes or no of a JSON schema, for the large reports a gate reads: jsonschema takes
seconds for a report of a thousand groups (its cost is a validator object per keyword and
value), this compiled check a fraction of one, linear in the report. Its answer is jsonschema's
(Draft 2020-12's rules of each keyword it knows); a schema with a keyword it does not know
compiles to None, and the caller asks jsonschema. Only a no asks jsonschema which error to name."""

from __future__ import annotations

import numbers
import operator
import re

# Keywords that say something about the schema, not about the document.
_ANNOTATIONS = {"$schema", "$id", "$defs", "$comment", "title", "description", "examples"}


def _number(v) -> bool:
    return type(v) in (int, float) or isinstance(v, numbers.Number) and not isinstance(v, bool)


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _number,
    "integer": lambda v: _number(v) and (isinstance(v, int) or float(v).is_integer()),
}


class _Unknown(Exception):
    """A keyword (or a form of one) this check does not know."""


def compile_schema(schema: dict):
    """``check(document) -> bool``, or None when ``schema`` uses a keyword not known here."""
    defs: dict = {}
    try:
        for name, sub in schema.get("$defs", {}).items():
            defs[name] = _compile(sub, defs)
        return _compile(schema, defs)
    except _Unknown:
        return None


def _all(checks):
    if len(checks) == 1:
        return checks[0]

    def check(v) -> bool:
        for c in checks:
            if not c(v):
                return False
        return True

    return check


def _compile(schema, defs: dict):
    if isinstance(schema, bool):
        return lambda v: schema
    if "$ref" in schema and not schema["$ref"].startswith("#/$defs/"):
        raise _Unknown(schema["$ref"])

    def sub(s):
        return _compile(s, defs)

    checks = []
    for key, given in schema.items():
        if key not in _ANNOTATIONS and key not in ("then", "else"):  # then and else: if's
            if key not in _KEYWORDS:
                raise _Unknown(key)
            checks.append(_KEYWORDS[key](given, schema, sub, defs))
    return _all(checks)


def _ref(given, schema, sub, defs):
    name = given.removeprefix("#/$defs/")
    return lambda v: defs[name](v)  # looked up when called: a definition may refer to itself


def _type(given, schema, sub, defs):
    names = [given] if isinstance(given, str) else given
    if not set(names) <= set(_TYPES):
        raise _Unknown(given)
    kinds = [_TYPES[t] for t in names]
    return kinds[0] if len(kinds) == 1 else lambda v: any(k(v) for k in kinds)


def _enum(given, schema, sub, defs):
    if not all(x is None or isinstance(x, str | int | float) for x in given):
        raise _Unknown(given)
    # jsonschema's equality of scalars: True is not 1, 1 is 1.0
    bools = {x for x in given if isinstance(x, bool)}
    others = {x for x in given if not isinstance(x, bool)}
    scalar = str | int | float | None
    return lambda v: v in bools if isinstance(v, bool) else isinstance(v, scalar) and v in others


def _bound(fails):
    """A number's bound: ``fails(value, bound)`` as jsonschema writes it (NaN fails none)."""
    return lambda given, *_: lambda v: not (_number(v) and fails(v, given))


def _when(kind, fails):
    """A keyword of one kind of value, failing when ``fails(value, given)``."""
    return lambda given, *_: lambda v: not (isinstance(v, kind) and fails(v, given))


def _items(given, schema, sub, defs):
    item = sub(given)
    return lambda v: not isinstance(v, list) or all(item(x) for x in v)


def _properties(given, schema, sub, defs):
    props = {k: sub(s) for k, s in given.items()}

    def check(v) -> bool:
        if isinstance(v, dict):
            for k, x in v.items():
                if k in props and not props[k](x):
                    return False
        return True

    return check


def _additional(given, schema, sub, defs):
    if "patternProperties" in schema:
        raise _Unknown("patternProperties")
    known, extra = set(schema.get("properties", {})), sub(given)
    return lambda v: (
        not isinstance(v, dict) or all(extra(x) for k, x in v.items() if k not in known)
    )


def _of(count):
    """allOf, oneOf: ``count(subschemas passed, of how many)``."""

    def keyword(given, schema, sub, defs):
        subs = [sub(s) for s in given]
        return lambda v: count(sum(1 for s in subs if s(v)), len(subs))

    return keyword


def _if(given, schema, sub, defs):
    cond, then, other = sub(given), sub(schema.get("then", True)), sub(schema.get("else", True))
    return lambda v: then(v) if cond(v) else other(v)


_KEYWORDS = {
    "$ref": _ref,
    "type": _type,
    "enum": _enum,
    "const": lambda given, *rest: _enum([given], *rest),
    "minimum": _bound(operator.lt),
    "maximum": _bound(operator.gt),
    "exclusiveMinimum": _bound(operator.le),
    "exclusiveMaximum": _bound(operator.ge),
    "minLength": _when(str, lambda v, n: len(v) < n),
    "pattern": _when(str, lambda v, p: not re.search(p, v)),
    "minItems": _when(list, lambda v, n: len(v) < n),
    "maxItems": _when(list, lambda v, n: len(v) > n),
    "required": _when(dict, lambda v, keys: not all(k in v for k in keys)),
    "items": _items,
    "properties": _properties,
    "additionalProperties": _additional,
    "allOf": _of(lambda passed, n: passed == n),
    "oneOf": _of(lambda passed, n: passed == 1),
    "if": _if,
}
