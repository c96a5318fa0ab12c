"""Refusals of a value in the wrong shape, in words a user can act on: data (an array) where a
spec names a column, and intersections spelled as one name (``"s*t"``) with the spelling that
works, built from the real attribute names."""

from __future__ import annotations

from .._text import crossed_names
from ..errors import EthicLensInputError

# The Python keywords that name columns of the data (the engine's names too): given arrays, the
# caller meant the engine's call with arrays, not a spec's. -> (what to pass, in the fix).
_ROLE_KEYWORDS = {
    "y_true": "y_true='COLUMN'",
    "y_pred": "y_pred='COLUMN', or y_pred=['A', 'B'] for two models",
    "pred_a": "y_pred=['A', 'B']",
    "pred_b": "y_pred=['A', 'B']",
    "y_score": "y_score='COLUMN'",
    "weight": "weight='COLUMN'",
    "sample_weight": "sample_weight='COLUMN'",
    "protected": "protected=['COLUMN', ...]",
    "sensitive_features": "protected=['COLUMN', ...]",
}
_LISTS = ("y_pred", "protected", "pred_a", "pred_b", "sensitive_features")


def data_words(value) -> str | None:
    """``value`` in a few words when it is data (an array, a Series, a DataFrame): "a numpy
    array of 300 values"; None for anything else (its repr is short and on one line)."""
    module = type(value).__module__.partition(".")[0]
    if getattr(value, "ndim", None) == 0:  # np.array(200): one value, its repr short (no len)
        return None
    if module == "pandas" and hasattr(value, "shape"):
        rows = len(value)  # a frame of one row is '1 row' (as _values says '1 value')
        noun = f"{rows} row{'' if rows == 1 else 's'}" if len(value.shape) > 1 else _values(rows)
        return f"a pandas {type(value).__name__} of {noun}"
    if module == "numpy" and getattr(value, "ndim", 0) > 0:
        shape = " x ".join(map(str, value.shape))
        return f"a numpy array of {_values(value.size)}" + (f" ({shape})" if value.ndim > 1 else "")
    if hasattr(value, "__array__") and hasattr(value, "__len__") and not isinstance(value, str):
        return f"a {type(value).__name__} of {_values(len(value))}"
    return None


def _values(n: int) -> str:
    return f"{n} value" if n == 1 else f"{n} values"


def _is_data(keyword: str, value) -> str | None:
    """What ``value`` is when it is data for a role keyword: an array, or a list no column
    names make (more than two items, not all text; a single column's role takes no list)."""
    words = data_words(value)
    if words or not isinstance(value, (list, tuple)):
        return words
    if inner := next(filter(None, map(data_words, value)), None):  # y_pred=[series_a, series_b]
        return f"a {type(value).__name__} holding {inner}"
    if keyword not in _LISTS or (len(value) > 2 and not all(isinstance(v, str) for v in value)):
        return f"a {type(value).__name__} of {_values(len(value))}"
    return None


def refuse_role_data(keyword: str, value) -> None:
    """Refuse data given where a spec names a column (``ethiclens.audit("german",
    sample_weight=weights)``): one line, the value abbreviated, and both ways to fix it."""
    if keyword not in _ROLE_KEYWORDS:
        return
    words = _is_data(keyword, value)
    if words is None:
        return
    name = "column names (strings)" if keyword in _LISTS else "a column name (a string)"
    problem = f"must be {name} when the data is a dataset name, a file or a database, not {words}"
    fix = f"name the {'columns' if keyword in _LISTS else 'column'}: {_ROLE_KEYWORDS[keyword]}; or "
    fix += "pass arrays for all roles instead of a dataset name: ethiclens.audit(y_true, y_pred, "
    fix += "sensitive_features, ...)"
    raise EthicLensInputError(problem, column=keyword, fix=fix, kind="argument")


def _parts(name, attributes) -> list[str]:
    text = str(name).strip()
    if text in attributes:  # an attribute whose name holds a '*' is one name
        return [text]
    return crossed_names(text)  # s*t, s&t, s+t, s|t, s/t, s;t (and the valid s,t)


def _combinations(value, attributes) -> list[list[str]]:
    """The combinations ``value`` meant: "s*t" -> [[s, t]]; [[s], [t]] (a list of names) ->
    [[s, t]]; [["s&t"], ["u", "v"]] -> [[s, t], [u, v]]."""
    items = [value] if isinstance(value, str) else list(value or [])
    combos = []
    for item in items:
        names = list(item) if isinstance(item, (list, tuple)) else [item]
        parts = [p for n in names for p in _parts(n, attributes)]
        combos.append(list(dict.fromkeys(parts)))
    if len(combos) > 1 and all(len(c) == 1 for c in combos):
        combos = [[c[0] for c in combos]]
    return combos


def _holds_data(value) -> bool:
    """Whether a list of combinations holds data (a Series, an array) as one, or in one."""
    items = [] if isinstance(value, str) else list(value)
    inner = [n for c in items if isinstance(c, (list, tuple)) for n in c]
    return any(data_words(v) is not None for v in (*items, *inner))


def spelled(combos, source: str) -> str:
    """Intersections as the face that refused them takes them."""
    if source == "command line":
        return " ".join(f"--intersect {','.join(c)}" for c in combos)
    if source == "keyword arguments":
        return f"intersections={[list(c) for c in combos]!r}"
    return "intersections: [" + ", ".join(f"[{', '.join(c)}]" for c in combos) + "]"


def refuse_intersections(value, attributes, source: str, prefix: str, schema_words: str) -> None:
    """Refuse ``roles.intersections`` not in its shape (a string, a combination of one name:
    ``"s*t"``) with the spelling that works, from the attributes ``attributes`` (the protected
    columns, or the benchmark's; empty when unknown) where the names are theirs, else naming
    them; too few names, each an attribute, keep the schema's words (``schema_words``). Returns
    when nothing here is wrong (the schema's refusal then applies)."""
    if not isinstance(value, (str, list, tuple)) or _holds_data(value):
        return  # a Series among the names: the schema's refusal names it
    combos = _combinations(value, attributes)
    known = list(dict.fromkeys(attributes))
    unknown = list(dict.fromkeys(p for c in combos for p in c if known and p not in known))
    short = [c for c in combos if len(c) < 2]
    as_given = [[str(n) for n in c] if isinstance(c, list) else c for c in value]
    if isinstance(value, str):
        problem = "is a list of attribute combinations, each a list of two or more, not a string"
    elif combos == as_given and short and not unknown:
        problem = schema_words  # too few names, each one attribute
    elif unknown or short or any(isinstance(c, list) and len(c) < 2 for c in value):
        problem = "each combination crosses two or more attributes, each its own name"
    else:
        return
    if unknown:
        listed = ", ".join(map(repr, unknown[:5])) + (", ..." if len(unknown) > 5 else "")
        problem += f": {listed} {'is not a' if len(unknown) == 1 else 'are not'} protected "
        problem += "attribute" + ("" if len(unknown) == 1 else "s")
    problem = problem if problem == schema_words else prefix + problem
    fix = _intersections_fix(combos, known, bool(unknown or short), source)
    if source == "command line" and not isinstance(value, str):  # each --intersect as typed
        typed = [",".join(map(str, c)) if isinstance(c, list) else c for c in value]
        value = typed[0] if len(typed) == 1 else typed
    raise EthicLensInputError(
        problem, column="roles.intersections", value=value, fix=fix, kind="key"
    )


def _intersections_fix(combos, known: list, invalid: bool, source: str) -> str:
    """The spelling to use: the user's combinations with each name apart, or, where those
    are not two or more attributes, an example from the attributes there are."""
    if not invalid:
        return spelled(combos, source)
    if len(known) >= 2:
        crossing = [c for c in combos if len(c) == 1 and c[0] in known]
        first = crossing[0][0] if crossing else known[0]
        example = [first, next(a for a in known if a != first)]
        names = ", ".join(known)
        return f"cross two or more of the protected attributes ({names}): " + spelled(
            [example], source
        )
    if known:
        return f"the only protected attribute is {known[0]!r}: add another to cross it with"
    return f"name two or more protected attributes apart: {spelled([['A', 'B']], source)}"
