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


def _text(value, where, flag):
    """A card field's text, or a list of texts. A whole number stands as written (``version:
    3``); a YAML float, boolean or any number that reads otherwise than written (``2.10`` is
    2.1, ``+5`` is 5) is refused, to be quoted: the card would print another value."""
    if isinstance(value, list):
        return [_one_text(v, where, flag, in_list=True) for v in value]
    return _one_text(value, where, flag)


def _one_text(value, where, flag, in_list: bool = False) -> str:
    from ..io import as_written, quote_it_fix

    if isinstance(value, str):
        return value
    faithful = isinstance(value, int) and not isinstance(value, bool)
    if faithful and as_written(value) == str(value):
        return str(value)
    raise EthicLensInputError(
        f"{where} must be text or a list of text",
        column=flag,
        value=value,
        fix=quote_it_fix(None if in_list else where.rpartition(".")[2], value)
        or "write it as a string or a list of strings",
    )


def check_card_info(info, flag: str = "card_info") -> dict:
    """Validate a model-card mapping: known Mitchell sections and fields, text values only."""
    if info is None:
        info = {}
    if not isinstance(info, dict):
        raise EthicLensInputError(
            "must be a mapping of model-card sections",
            column=flag,
            fix=f"use top-level keys from {list(CARD_FIELDS)}",
        )
    out = {}
    for section, value in info.items():
        if section not in CARD_FIELDS:
            raise EthicLensInputError(
                f"unknown model-card section {section!r}",
                column=flag,
                fix=f"use sections from {list(CARD_FIELDS)}",
            )
        fields = CARD_FIELDS[section]
        if fields is None:
            out[section] = _text(value, section, flag)
            continue
        if not isinstance(value, dict):
            raise EthicLensInputError(
                f"section {section!r} must be a mapping",
                column=flag,
                fix=f"give it fields from {list(fields)}",
            )
        for key in value:
            if key not in fields:
                raise EthicLensInputError(
                    f"unknown field {section}.{key}",
                    column=flag,
                    fix=f"use fields from {list(fields)}",
                )
        out[section] = {
            k: _text(v, f"{section}.{k}", flag) for k, v in value.items() if v is not None
        }
    return out


def _as_list(value) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _join(value) -> str:
    return "; ".join(_as_list(value))


def card(prov: dict) -> dict:
    return prov.get("card") or {}


def model_name(prov: dict) -> str | None:
    model = prov.get("model")
    if isinstance(model, dict) and model.get("name"):
        return str(model["name"])
    name = card(prov).get("model_details", {}).get("name")
    return str(name) if name else None


def model_details(prov: dict) -> list[tuple[str, str]]:
    """(field, text) pairs describing the model, from provenance and the card."""
    model = prov.get("model")
    items = []
    if isinstance(model, dict):
        items += [
            (str(k), _join(v) if isinstance(v, list) else str(v))
            for k, v in model.items()
            if v is not None
        ]
    elif model:
        items.append(("model", str(model)))
    seen = {k for k, _ in items}
    for k, v in card(prov).get("model_details", {}).items():
        if k not in seen:
            items.append((k, _join(v)))
    return items


def intended_use(prov: dict) -> list[tuple[str, str]]:
    """(field, text) pairs: the user's, the benchmark's, or a plain 'not stated'."""
    use = card(prov).get("intended_use", {})
    items = []
    primary = prov.get("intended_use") or use.get("primary_uses")
    items.append(("Primary uses", _join(primary) if primary else NOT_STATED_USE))
    if use.get("primary_users"):
        items.append(("Primary users", _join(use["primary_users"])))
    if use.get("out_of_scope"):
        items.append(("Out of scope", _join(use["out_of_scope"])))
    return items


def limitations(prov: dict) -> list[str]:
    """The data's own limitations first, then the user's caveats, then the general ones."""
    c = card(prov)
    return (
        _as_list(prov.get("limitations"))
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
