"""The spec keys each kind of run (audit, compare, thresholds) does not use: set, they are
refused by name with the fix, never silently ignored."""

from __future__ import annotations

from ..errors import EthicLensInputError

# The spec keys each kind of run does not use: key -> (why, fix). A key set to anything but its
# default is refused by name, never ignored (the CLI's commands have no flag for them; a config
# file or a Python keyword could still set them). The threshold view takes roles.y_pred: the
# predictions its audited threshold made (an audit's spec runs the view as it is), checked to
# be score >= thresholds.threshold on every row read (spec/_run.py).
_THRESHOLD_VIEW = (
    "it belongs to the threshold view (ethiclens thresholds)",
    "drop it, or run the threshold view with this spec (ethiclens thresholds --config FILE; "
    "in Python ethiclens.threshold_table(spec))",
)
_THRESHOLD_KEYS = ("thresholds.threshold", "thresholds.step", "outputs.csv", "outputs.plot")
_CARD_KEYS = ("model.name", "model.version", "model.intended_use", "model.card_info")
_CARD_KEYS += ("outputs.model_card", "outputs.pdf")
NOT_USED = {
    "audit": dict.fromkeys(_THRESHOLD_KEYS, _THRESHOLD_VIEW),
    "compare": {
        **dict.fromkeys(_THRESHOLD_KEYS, _THRESHOLD_VIEW),
        **dict.fromkeys(
            _CARD_KEYS,
            (
                "it writes no model card or PDF report",
                "drop it, or audit each model on its own (one y_pred) for its card",
            ),
        ),
        "roles.y_score": (
            "it compares two models' predictions, and a score column is one model's",
            "drop it, or audit each model on its own (one y_pred)",
        ),
        "target.score": (
            "for compas it compares both predictions (y_pred: model, decile)",
            "drop it",
        ),
        "gate.baseline": (
            "it gates model B against model A, not against a baseline file",
            "drop it (the gate's fail-on level gates model B), or gate each model's audit on "
            "its own",
        ),
    },
    "thresholds": {
        **dict.fromkeys(
            _CARD_KEYS,
            (
                "it writes no model card or PDF report",
                "drop it, or write the card with the audit (ethiclens audit --config FILE)",
            ),
        ),
        "policy.ci": (
            "its intervals are Dirichlet draws per group, whatever the method",
            "drop it",
        ),
        **dict.fromkeys(
            ("gate.fail_on", "gate.baseline"),
            (
                "it is not a gate",
                "drop it, and gate with the audit at the threshold you use",
            ),
        ),
    },
}
_WHAT = {"audit": "an audit", "compare": "a comparison", "thresholds": "the threshold view"}
# A benchmark's own options -> (the benchmark, what they are in words).
_BENCHMARK_KEYS = {
    "score": ("compas", "decile"),
    "states": ("acs-income", "a choice of states"),
    "year": ("acs-income", "a survey year"),
    "download": ("acs-income", "downloading"),
}


def given_options(data) -> frozenset:
    """The benchmark options (``_BENCHMARK_KEYS``) a request's ``target`` (as given: a config
    file's, a command's flags, keywords) names, even at their defaults; none where it names
    all of them, as a spec written out whole does (``to_dict()``, a report's ``run.spec``)."""
    section = data.get("target") if isinstance(data, dict) else None
    named = {k for k, v in section.items() if v is not None} if isinstance(section, dict) else ()
    named = frozenset(_BENCHMARK_KEYS).intersection(named)
    return frozenset() if len(named) == len(_BENCHMARK_KEYS) else named


# A request that wrote a ``thresholds`` key, at its default too, asks for the threshold view
# (``view_written``): remembered beside the benchmark options it named.
VIEW_ASKED = "thresholds"


def with_given(spec, options):
    """``spec`` told which benchmark ``options`` its request named (:func:`check_used` refuses
    one named for another target, even at its default: ``audit compas --year 2018``), and
    whether it asked for the threshold view (``VIEW_ASKED`` among ``options``)."""
    remembered = frozenset(_BENCHMARK_KEYS) | {VIEW_ASKED}
    object.__setattr__(spec, "_given_options", remembered.intersection(options))
    return spec


def named_options(spec) -> frozenset:
    """The benchmark options ``spec``'s request named (:func:`with_given`)."""
    return frozenset(_BENCHMARK_KEYS).intersection(getattr(spec, "_given_options", ()))


def stray_options(spec) -> frozenset:
    """The benchmark options ``spec``'s request named for a target they are not for (``adult``
    with ``year``): refused when it runs, so they tell two specs apart."""
    return frozenset(k for k in named_options(spec) if _BENCHMARK_KEYS[k][0] != spec.target.dataset)


def check_used(spec, purpose: str) -> None:
    """Refuse, before any data is read, a key the ``purpose`` run would not use: set to
    anything but its default, it is named with the fix, never silently ignored (a benchmark's
    own option given for another target, at its default too)."""
    given, target = spec.to_dict(minimal=True), spec.to_dict()["target"]
    for key in sorted(named_options(spec)):  # named, even at its default
        given.setdefault("target", {}).setdefault(key, target[key])
    for section, values in given.items():
        for key, value in values.items() if isinstance(values, dict) else ():
            path = f"{section}.{key}"
            if path in NOT_USED[purpose]:
                why, fix = NOT_USED[purpose][path]
                problem = f"is not used by {_WHAT[purpose]}: {why}"
                raise EthicLensInputError(problem, column=path, value=value, fix=fix)
    if purpose == "thresholds" and len(spec.roles.y_pred) > 1:
        problem = "gives two models' predictions; the threshold view draws one model's scores "
        problem += "(roles.y_pred: the predictions of its audited threshold)"
        fix = "keep the one y_pred of the model whose scores these are, or compare the two with "
        value, fix = list(spec.roles.y_pred), fix + "ethiclens compare"
        raise EthicLensInputError(problem, column="roles.y_pred", value=value, fix=fix)
    for key, (owner, what) in _BENCHMARK_KEYS.items():
        value = given.get("target", {}).get(key)
        if key in given.get("target", {}) and spec.target.dataset != owner:
            what = "a choice of score" if value == "model" else what  # score: model, given
            problem, fix = f"{what} exists only for {owner}", f"drop it, or audit {owner}"
            raise EthicLensInputError(problem, column=f"target.{key}", value=value, fix=fix)
