"""What a report may say about the data and the model: taken from provenance, never assumed.

An audit's ``provenance`` dict (``ethiclens.audit(..., provenance=...)``, filled by the CLI) may
hold these keys; every one is optional:

``dataset``
    Name of the data (a benchmark name or a file path).
``label``
    What the positive label means, in words.
``data``
    Where the data came from (source, licence, preprocessing, checksums).
``model``
    The audited model: a dict (``name``, ``version``, ``type``, ...) or a string.
``intended_use``
    Primary intended uses, in words.
``limitations``
    A list of data- or model-specific limitations (e.g. what the label really measures).
``card``
    Model-card fields after Mitchell et al. (2019), as read by :func:`load_card_info`.

Without them the report says that the information was not given; it never borrows the text of
a benchmark.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import os
import re

from .._checks import did_you_mean, names_words, text_items
from .._secrets import mask_url, masked_cut
from .._text import prints_blank, spaced_name
from ..errors import EthicLensInputError

# Mitchell et al. (2019) sections and the fields a user may fill in each. Quantitative analyses
# are computed by EthicLens and cannot be supplied.
CARD_FIELDS = {
    "model_details": (
        "name",
        "version",
        "owner",
        "date",
        "type",
        "training",
        "features",
        "paper",
        "citation",
        "license",
        "contact",
    ),
    "intended_use": ("primary_uses", "primary_users", "out_of_scope"),
    "factors": ("relevant", "evaluation"),
    "metrics": ("performance_measures", "decision_thresholds", "variation_approaches"),
    "evaluation_data": ("datasets", "motivation", "preprocessing"),
    "training_data": ("datasets", "motivation", "preprocessing"),
    "ethical_considerations": None,  # free text or a list of points
    "caveats_and_recommendations": None,
    # Not Mitchell's: the report's sign-off block (left blank for ink when not given).
    "sign_off": ("prepared_by", "reviewed_by", "date", "decision"),
}

GENERIC_LIMITATIONS = [
    "The composite bias score is a triage convenience (0.40·DI + 0.35·SPD + 0.25·EO, each "
    "mapped to 0–1), not a legal standard or a verdict; it hides which harm dominates. Read the "
    "comparisons.",
    "Excluding a protected attribute from a model's features does not remove its influence: "
    "other features can act as proxies. Group metrics catch the effect of proxies; "
    "counterfactual probing of the attribute alone does not.",
    "Ground-truth labels record what was observed (an arrest, a repayment, a decision), which "
    "may differ from the outcome of interest and may be measured differently for different "
    "groups; error-rate metrics inherit any such bias.",
    "Groups are as recorded in the data; small groups are reported but not judged, and many "
    "comparisons raise the chance of a spurious flag (no multiple-comparison correction is "
    "applied).",
    "Intervals describe the sampling uncertainty of this evaluation set, not shifts in the "
    "population the model will meet.",
]

NOT_STATED_USE = (
    "Not stated. The model owner should state its primary uses, users and out-of-scope uses "
    "(--intended-use or --card-info on the command line; provenance={'intended_use': ...} in "
    "Python). EthicLens audited the predictions it was given and cannot know their use."
)

STANDARD_MODEL_USE = (
    "A benchmark model trained by EthicLens to demonstrate and test fairness auditing on {data}. "
    "It is not intended for decisions about people."
)


def benchmark_provenance(
    ds, model, *, standard_model: bool, intended_use: str | None = None
) -> dict:
    """Provenance of an audit of a shipped benchmark (``ds`` a ``Dataset``).

    The data's limitations come from ``ds.provenance["limitations"]``, which the dataset's
    registry entry fills (``ethiclens.datasets.DatasetEntry.limitations``)."""
    limitations = ds.provenance.get("limitations") or []
    if intended_use is None and standard_model:
        intended_use = STANDARD_MODEL_USE.format(data=ds.name)
    prov = {
        "dataset": ds.name,
        "data": ds.provenance,
        "label": ds.positive_label,
        "model": model,
        "limitations": list(limitations),
    }
    if intended_use:
        prov["intended_use"] = intended_use
    return prov


def load_card_info(path, flag: str = "card_info") -> dict:
    """Read model-card fields from a YAML or JSON file; unknown fields are an error."""
    from ..io import read_config_file

    return check_card_info(
        read_config_file(path, flag, "YAML or JSON file of model-card fields"), flag
    )


# Fields that hold one text, never a list (a list would print as another text in the title
# than in the card); the model's name, version, date, type, licence, owner and contact are one
# short line, since they head the report and the card.
ONE_TEXT = {
    "model_details": ("name", "version", "owner", "date", "type", "license", "contact"),
    "sign_off": ("prepared_by", "reviewed_by", "date", "decision"),
}
SHORT_FIELDS = {("model_details", k) for k in ONE_TEXT["model_details"]}
# The longest text a field may hold (a list's items joined by "; "). Without a limit a card at
# the file cap (1 MB) printed hundreds of pages and outran the PDF renderer; a card with every
# field at LONG_TEXT prints in seconds.
SHORT_TEXT = 200
LONG_TEXT = 20_000
# A sign-off date as ISO 8601 writes it: 2026-12-03, a time of day may follow, with seconds, a
# fraction of a second and a time zone (Z, +01:00, +0100), one space before it allowed:
# 2026-12-03T10:00:00.123456+01:00, 2026-12-03 10:00:00 +01:00, as Python's
# datetime.now().isoformat() and YAML's timestamps write it; an offset may have seconds and a
# fraction of one (+05:30:15, +05:30:15.000001), as isoformat() writes such a time zone; its
# minutes and seconds are below 60 (+05:75 is refused, as fromisoformat() would read 6:15).
_ISO_DATE = (
    r"\d{4}-\d{2}-\d{2}"
    r"(?:[ T]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?"
    r"(?: ?(?:Z|[+-]\d{2}(?:(:?)[0-5]\d(?:\1[0-5]\d(?:\.\d{1,6})?)?)?))?)?"
)
# The day a refused date names, when it can be read: 2026-2-8, 2026/02/08, 20260208, or a
# real day followed by a time that is not (2026-02-08T25:61).
_READABLE_DAY = r"(\d{4})(?:([-/.])(\d{1,2})\2(\d{1,2})|(\d{2})(\d{2}))(?:[ T].*)?"


def _text(value, section, key, flag):
    """A card field's text, or a list of texts where the field may hold several. A whole
    number stands as written (``version: 3``) outside the sign-off; a YAML float, boolean or
    any number that reads otherwise than written (``2.10`` is 2.1, ``+5`` is 5) is refused, to
    be quoted: the card would print another value. A date object stands as its ISO text."""
    refused = functools.partial(EthicLensInputError, column=flag)
    where = f"{section}.{key}" if key else section
    one = key in ONE_TEXT.get(section, ())
    if isinstance(value, list) and one:
        shown = masked_cut("; ".join(map(str, value)), SHORT_TEXT)  # masked, then cut
        # an empty list: "" would be refused as blank (or print an empty name)
        example = f'e.g. {key}: "{shown}"' if shown.strip() else f"or leave {key} out"
        problem = f"{where} must be one text, not a list"
        raise refused(problem, value=value, fix=f"write it as one string, {example}")
    if key == "date" and isinstance(value, _dt.date):
        value = value.isoformat()
    if (section, key) == ("sign_off", "date") and not isinstance(value, (str, list)):
        # 20261201 read as a number: quoting it would not help, the date's form would
        _check_date(str(value), where, flag)
    if isinstance(value, list):
        text = [_one_text(v, where, flag, in_list=True) for v in value]
    else:
        text = _one_text(value, where, flag, whole=section != "sign_off", one=one)
    limit = SHORT_TEXT if (section, key) in SHORT_FIELDS else LONG_TEXT
    size = len("; ".join(text) if isinstance(text, list) else text)
    if size > limit:
        more = " (say more in model_details.training or caveats_and_recommendations)"
        problem = f"{where} is {size:,} characters long, over the limit of {limit:,}"
        fix = f"shorten it to at most {limit:,} characters" + (more if limit < LONG_TEXT else "")
        raise refused(problem, fix=fix)
    if (section, key) == ("sign_off", "date"):
        _check_date(text, where, flag)
    elif section == "sign_off" and prints_blank(text):
        # a blank name printed an empty cell that read as a line left for ink
        what = "decision" if key == "decision" else "name"
        problem = f"{where} is blank"
        fix = f"write the {what}, or leave {key} out (the report then leaves a line for ink)"
        raise refused(problem, value=text, fix=fix)
    _check_not_blank(text, where, key or section, flag)
    return text


def _check_not_blank(text, where: str, key: str, flag: str) -> None:
    """Any other card field, or an item of its list, that prints nothing is refused: it printed
    an empty heading ("# Model card:   "), bullet ("- Owner: ") or title ("Fairness audit:
    on data.csv") in the card and the signable report, as if the owner had said nothing."""
    texts = text if isinstance(text, list) else [text]
    blank = [k for k, t in enumerate(texts, 1) if prints_blank(t)]
    if not blank:
        return
    item = f" (item {blank[0]} of its list)" if isinstance(text, list) else ""
    raise EthicLensInputError(
        f"{where} is blank{item}",
        column=flag,
        value=texts[blank[0] - 1],
        fix=f"write the text, or leave {'that item' if item else key} out",
    )


def _check_date(text: str, where: str, flag: str) -> None:
    """A sign-off date is a real calendar date written YYYY-MM-DD (2026-13-45 is refused)."""
    try:
        if not re.fullmatch(_ISO_DATE, text):
            raise ValueError(text)
        _dt.datetime.fromisoformat(text)
    except ValueError:
        problem = f"{where} is not a calendar date written YYYY-MM-DD"
        fix = f"write the day of the sign-off, e.g. date: {_as_iso(text)} (YYYY-MM-DD)"
        raise EthicLensInputError(problem, column=flag, value=text, fix=fix) from None


def _as_iso(text: str) -> str:
    """The day a sign-off date meant, written YYYY-MM-DD (20261201 is 2026-12-01, 2026-2-8 is
    2026-02-08), or today's where no real day can be read from it (2026-02-30, yesterday)."""
    day = re.fullmatch(_READABLE_DAY, text.strip())
    try:
        if not day:
            raise ValueError(text)
        return _dt.date(int(day[1]), int(day[3] or day[5]), int(day[4] or day[6])).isoformat()
    except ValueError:
        return _dt.date.today().isoformat()


def _one_text(value, where, flag, in_list=False, whole=True, one=False) -> str:
    """One text; a whole number as written where ``whole`` (``version: 3``)."""
    from ..io import as_written, quote_it_fix

    if isinstance(value, str):
        return value
    faithful = whole and isinstance(value, int) and not isinstance(value, bool)
    if faithful and as_written(value) == str(value):
        return str(value)
    raise EthicLensInputError(
        f"{where} must be text" + ("" if one else " or a list of text"),
        column=flag,
        value=value,
        fix=quote_it_fix(None if in_list else where.rpartition(".")[2], value)
        or ("write it as a string" + ("" if one else " or a list of strings")),
    )


def check_card_info(info, flag: str = "card_info") -> dict:
    """Validate a model-card mapping: known Mitchell sections and fields, text values only;
    the model's name, version, date, type, licence, owner and contact one text of at most
    :data:`SHORT_TEXT` characters; any other field at most :data:`LONG_TEXT`; the sign-off's
    fields one text each (no number, none blank), its date a real calendar date (YYYY-MM-DD,
    an ISO 8601 time of day with a fraction and a time zone may follow; a ``datetime``)."""
    refused = functools.partial(EthicLensInputError, column=flag)
    if info is None:
        info = {}
    if not isinstance(info, dict):
        problem = "must be a mapping of model-card sections"
        raise refused(problem, fix=f"use top-level keys from {names_words(CARD_FIELDS)}")
    out = {}
    for section, value in info.items():
        if section not in CARD_FIELDS:
            problem = f"unknown model-card section {section!r}"
            fix = (
                f"{did_you_mean(section, CARD_FIELDS)}use sections from {names_words(CARD_FIELDS)}"
            )
            raise refused(problem, fix=fix)
        fields = CARD_FIELDS[section]
        if fields is None:
            out[section] = _text(value, section, None, flag)
            continue
        if not isinstance(value, dict):
            raise refused(
                f"section {section!r} must be a mapping",
                fix=f"give it fields from {names_words(fields)}",
            )
        for key in value:
            if key not in fields:
                problem = f"unknown field {section}.{key}"
                fix = f"{did_you_mean(key, fields)}use fields from {names_words(fields)}"
                raise refused(problem, fix=fix)
        out[section] = {k: _text(v, section, k, flag) for k, v in value.items() if v is not None}
    return out


def _as_list(value, where: str = "provenance") -> list[str]:
    """``value``'s texts; one that prints nothing (``provenance={'limitations': [' ']}`` in
    Python, which the card info refuses) is left out: it printed an empty bullet, and so is
    None (it printed "None"). A mapping or a list in it (Python's ``{'a': 'b'}`` was printed
    as a caveat) is refused naming ``where``, as the card info refuses it."""
    if value is None:
        return []
    texts = [str(v) for v in text_items(value, where) if v is not None]
    return [t for t in texts if not prints_blank(t)]


def given(prov: dict, key: str, default=None):
    """``prov[key]`` as text, or ``default`` when absent or blank (``provenance={'dataset':
    ' '}`` titled the report "Fairness audit:   " and the card "Model card:  ")."""
    value = prov.get(key)
    return default if value is None or prints_blank(str(value)) else str(value)


def _join(value, where: str = "provenance") -> str:
    return "; ".join(_as_list(value, where))


def card(prov: dict) -> dict:
    """The model card's fields; ``provenance={'card': ...}`` given in Python is checked as
    ``--card-info`` is (it may hold anything), refused naming ``provenance['card']``."""
    try:
        return check_card_info(prov.get("card"), "provenance['card']")
    except EthicLensInputError as exc:
        raise exc.renamed({}, kind="argument") from None


_NAME = "provenance['model']['name']"


def model_name(prov: dict) -> str | None:
    model = prov.get("model")
    if isinstance(model, dict) and _join(model.get("name"), _NAME):
        return _join(model["name"], _NAME)  # a list as the card prints it, never as Python's list
    name = card(prov).get("model_details", {}).get("name")
    return _join(name) if name else None


# The words a reader expects for a benchmark's standard model's fields (models.py), where
# its JSON keys ('n_train') are not words; any other field reads as its key, '_' as spaces.
_MODEL_LABELS = {
    "n_train": "Training rows",
    "n_test": "Test rows",
    "protected_attributes_in_features": "Protected attributes in features",
}


def model_label(key) -> str:
    """A model field's label on the card (Markdown, HTML) and the HTML report: 'Trained by',
    'Training rows', never the JSON key 'trained_by'."""
    label = _MODEL_LABELS.get(str(key), str(key).replace("_", " "))
    return label[:1].upper() + label[1:]


# The provenance list's and run record's labels (HTML report, model card, estimate page): a
# JSON path in words, where 'audit.n_boot' or 'data.sha256' is no word; the JSON keeps its keys.
_PATH_WORDS = {
    ("audit", "ethiclens_version"): "EthicLens version",
    ("audit", "n_boot"): "bootstrap draws",
    ("audit", "ci_method"): "interval method",
    ("audit", "confidence_level"): "confidence level",
    ("audit", "random_state"): "seed",
    ("audit", "policy", "di_threshold"): "policy: disparate impact threshold",
    ("audit", "policy", "eo_threshold"): "policy: equalized odds threshold",
    ("audit", "policy", "min_group_size"): "policy: smallest group judged (rows)",
    ("audit", "policy", "min_label_count"): "policy: fewest labels judged (of each class)",
    ("audit", "policy", "di_rule"): "policy: disparate impact rule",
    ("audit", "policy", "pcer_min_group_size"): "policy: smallest group judged by PCER (rows)",
    ("audit", "labelled"): "true labels given",
    ("audit", "has_scores"): "scores given",
    ("audit", "weighted"): "weighted by a column",
    ("audit", "ece_bins"): "calibration bins",
    ("audit", "positive_is_favorable"): "the positive outcome is favourable",
    ("audit", "reference_default"): "reference group when none is named",
    ("audit", "intersections"): "intersections",
    ("audit", "exclude_groups"): "groups excluded",
    ("audit", "merge_groups"): "groups merged",
    ("input", "files"): "input file",
    ("gate", "fail_on"): "gate fails on",
}


def _key_words(key) -> str:
    """A key in words: '_' as spaces, a SHA-256 named as such ('table SHA-256', never
    'table sha256')."""
    words = str(key).replace("_", " ").split(" ")
    return " ".join("SHA-256" if w.lower() == "sha256" else w for w in words)


def data_label(key) -> str:
    """A data field's label on the card's Evaluation data: 'SHA-256', 'Shipped in package',
    'Feature set', never the provenance's key ('sha256', 'shipped_in_package')."""
    label = _key_words(key)
    return label[:1].upper() + label[1:]


def field_text(value) -> str:
    """A card field's value: a yes/no field (a bool) as yes or no, never Python's True."""
    return _model_text(value)


def path_label(path: tuple, given: bool = False) -> str:
    """A JSON path (``("audit", "policy", "di_threshold")``) as its label in words: a known
    path's words; an input file's name with '(SHA-256)'; a model field as :func:`model_label`
    words it ('model training rows'); any other path's keys in words ('data source', 'gate
    passed'), a section of several words set off by ':' ('min cell suppression: cells dropped'),
    a key that names its section once ('model', not 'model model'). ``given``: a path of the
    user's own provenance, never worded as the tool's settings or fingerprint (its
    ``input.files.z.csv`` reads 'input files z.csv', not 'input file z.csv (SHA-256)')."""
    path = tuple(map(str, path))
    if not given:
        tools = _tool_words(path)
        if tools:
            return tools
    words = [_key_words(k) for k in path]
    if len(path) == 2 and path[0] == "model":
        known = _MODEL_LABELS.get(path[1], "").lower()  # 'training rows', not 'n train'
        words[1] = "" if path[1] == "model" else known or words[1]
    words = [w for w in words if w]
    if len(words) > 1 and " " in words[0]:  # 'min cell suppression: cells dropped'
        return f"{words[0]}: {' '.join(words[1:])}"
    return " ".join(words) or "value"


def _tool_words(path: tuple) -> str | None:
    """The tool's own words for one of its settings or fingerprints; None for another path."""
    if path in _PATH_WORDS:
        return _PATH_WORDS[path]
    if path[:2] == ("input", "files") and len(path) > 2:  # a file name, as written
        return f"input file {'.'.join(path[2:])} (SHA-256)"
    if path[:2] == ("audit", "exclude_groups") and len(path) == 3:  # {attr: [groups]}
        return f"{spaced_name(path[2])}: groups excluded"  # ' g' never as 'g'
    if path[:2] == ("audit", "merge_groups") and len(path) == 4:  # {attr: {new: [old]}}
        return f"{spaced_name(path[2])}: groups merged into {spaced_name(path[3])}"
    if path[:2] == ("audit", "bins") and len(path) == 3:  # {attr: edges}
        return f"{spaced_name(path[2])}: bin edges"
    if path[0] == "audit" and len(path) > 1:  # a setting with no words yet: under its heading
        return path_label(path[1:], given=True)
    return None


def key_path(path: tuple) -> str:
    """A JSON path as a signer finds it: keys joined by '.', a key that holds '.' (or is blank)
    quoted, ``data["a.b"]``, so that it never reads as the nested ``data.a.b``."""
    out = ""
    for key in map(str, path):
        # a key with spaces around it quoted too: merge_groups.g[" ef"], not merge_groups.g. ef
        plain = key and key == key.strip() and not any(c in key for c in '.[]"')
        out += (f".{key}" if out else key) if plain else f"[{json.dumps(key, ensure_ascii=False)}]"
    return out


def labels(paths, skip: int = 1, given: bool = False) -> list[str]:
    """:func:`path_label` of each path, made distinct: where two JSON paths read alike
    ('data source' for both ``data_source`` and ``data.source``), each names its key
    (``skip``: the leading keys the JSON's object stands for): 'data source (data_source)',
    'data source (data.source)'."""
    paths = [tuple(map(str, p)) for p in paths]
    said = [path_label(p, given) for p in paths]
    owners: dict[str, set] = {}
    for label, path in zip(said, paths, strict=True):
        owners.setdefault(label, set()).add(path)
    return [
        f"{label} ({key_path(path[skip:])})" if len(owners[label]) > 1 else label
        for label, path in zip(said, paths, strict=True)
    ]


def json_keys(paths, skip: int = 1, given: bool = False) -> str:
    """The JSON's key of each worded label (``("audit", "n_boot")``: the JSON's
    ``config.n_boot``, labelled 'bootstrap draws'), so that a signer maps each label to the
    JSON: "bootstrap draws = n_boot; seed = random_state; ..."; ``skip``: the path's leading
    keys the JSON's object stands for; ``given``: the user's provenance (:func:`path_label`).
    A label that is its key in words ('intersections', 'data SHA-256') or already names its
    key (:func:`labels`) is left out; '' when none is left."""
    said = {}
    paths = [tuple(map(str, p)) for p in paths]
    for path, label in zip(paths, labels(paths, skip, given), strict=True):
        key = key_path(path[skip:])
        worded = label != " ".join(_key_words(k) for k in path[skip:])
        quoted = key != ".".join(path[skip:])  # a key 'a.b' is not a → b
        if (worded or quoted) and not label.endswith(f"({key})"):
            said.setdefault(label, key)  # a list's leaves share one path
    return "; ".join(f"{label} = {key}" for label, key in said.items())


def model_details(prov: dict) -> list[tuple[str, str]]:
    """(label, text) pairs describing the model, from provenance and the card; each field by
    :func:`model_label`, a yes/no field (a bool) as yes or no."""
    model = prov.get("model")
    items = []
    if isinstance(model, dict):  # a list as the card prints it, never as Python's list
        texts = [(str(k), _model_text(v, f"provenance['model'][{k!r}]")) for k, v in model.items()]
        items += [(k, t) for k, t in texts if t]  # blank: unsaid
    elif model is not None and not prints_blank(str(model)):
        items.append(("model", str(model)))
    seen = {k for k, _ in items}
    for k, v in card(prov).get("model_details", {}).items():
        if k not in seen:
            items.append((k, _model_text(v)))
    return [(model_label(k), t) for k, t in items]


def _model_text(value, where: str = "provenance") -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else _join(value, where)


def intended_use(prov: dict) -> list[tuple[str, str]]:
    """(field, text) pairs: the user's, the benchmark's, or a plain 'not stated'."""
    use = card(prov).get("intended_use", {})
    primary = _join(prov.get("intended_use"), "provenance['intended_use']")
    primary = primary or _join(use.get("primary_uses"))
    items = [("Primary uses", primary or NOT_STATED_USE)]
    for key, label in (("primary_users", "Primary users"), ("out_of_scope", "Out of scope")):
        if use.get(key):
            items.append((label, _join(use[key])))
    return items


def limitations(prov: dict) -> list[str]:
    """The data's own limitations first, then the user's caveats, then the general ones."""
    c = card(prov)
    return (
        _as_list(prov.get("limitations"), "provenance['limitations']")
        + _as_list(c.get("caveats_and_recommendations"))
        + GENERIC_LIMITATIONS
    )


def ethical_considerations(prov: dict) -> list[str]:
    return _as_list(card(prov).get("ethical_considerations"))


def card_sections(prov: dict, section: str) -> list[tuple[str, str]]:
    """Fields of one user-supplied card section, as (field, text) pairs."""
    value = card(prov).get(section)
    if not value:
        return []
    if isinstance(value, dict):
        return [(k.replace("_", " "), _join(v)) for k, v in value.items()]
    return [("", t) for t in _as_list(value)]


# The request's fields that name a file (the data, a counts table, the model-card fields, the
# gate's baseline, a SQLite database's URL). The request keeps them as typed: a report never
# writes the folders of the machine it ran on.
PATH_FIELDS = (
    ("target", "file"),
    ("target", "counts"),
    ("target", "db"),
    ("model", "card_info"),
    ("gate", "baseline"),
)
# A SQLite URL's file (what follows its third slash, up to its query): sqlite:///x.db is read
# from the folder a run starts in, sqlite:////abs/x.db is not; sqlite:// is in memory.
_SQLITE_URL = re.compile(r"\s*sqlite(?:\+\w+)?://[^/?]*/([^?]*)(.*)", re.IGNORECASE | re.DOTALL)


def relative_paths(request: dict) -> list[tuple[str, str]]:
    """(``section.key``, path) for each file a run's request names by a relative path: read
    from the folder the run started in, and from the folder a re-run starts in. A SQLite URL
    (``target.db: sqlite:///x.db``) is named with its password masked; another database's URL
    names no file, nor does ``db_env`` (the URL is not in the request)."""
    out = []
    for section, key in PATH_FIELDS:
        path = (request.get(section) or {}).get(key)
        if not isinstance(path, str) or not path:
            continue
        if key == "db":
            if _relative_sqlite(path):
                out.append((f"{section}.{key}", mask_url(path)))
        elif "://" not in path and not os.path.isabs(os.path.expanduser(path)):
            out.append((f"{section}.{key}", path))
    return out


def _relative_sqlite(url: str) -> bool:
    """``url`` is a SQLite URL whose database file is named by a relative path: ``x.db``,
    ``~/x.db`` (the driver does not expand ``~``) or a SQLite URI's ``file:x.db``."""
    found = _SQLITE_URL.fullmatch(url)
    if not found or re.search(r"[?&]mode=memory(?:&|$)", found[2]):
        return False
    path = found[1].removeprefix("file:")
    return path not in ("", ":memory:") and not os.path.isabs(path)
