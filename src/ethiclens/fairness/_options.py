"""The keyword options of ``audit``, ``audit_counts``, ``compare`` and ``threshold_table``,
declared once.

Each function names its data arguments and ``policy``; everything else is a keyword option
checked here against one vocabulary (the fields of :class:`AuditOptions`): the same names,
defaults and meaning in every function, documented in one place. An unknown keyword is refused
(:class:`UnknownKeywordError`: the project's input error, and a ``TypeError`` as Python's own
would be) naming the closest option. A setting of the policy (``di_threshold=0.9``) is taken as a
keyword too, as the request takes it (:func:`split_policy`).
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np

from .._checks import (
    ROLE_NAMES,
    SKLEARN_SEED_LIMIT,
    ZERO_D_TEXT,
    check_argument_type,
    check_level,
    check_member,
    check_seed,
    did_you_mean,
    is_number,
    pass_item_fix,
    refuse_whole_decimal,
    schema_words,
    text_items,
    zero_d_item,
)
from .._secrets import mask_secrets
from .._text import as_seen, crossed_names, prints_blank
from ..errors import EthicLensInputError
from ..io import json_ready
from ._intervals import CI_CHOICES, JEFFREYS, PERCENTILE, not_one_word
from ._keywords import UnknownKeywordError, refuse_unknown, refusing_unknown_keywords
from ._policy import DI_RULES, Policy
from ._validate import huge_ints_written


@refusing_unknown_keywords(init=True)  # AuditOptions(typo=...): audit()'s refusal
@dataclass(frozen=True)
class AuditOptions:
    """How an audit edits groups, draws its intervals and describes itself.

    Every field is a keyword argument of :func:`audit` (and, where it applies, of
    :func:`audit_counts`, :func:`compare` and :func:`threshold_table`).

    Parameters
    ----------
    reference : scalar or dict, optional
        Reference group per attribute. Default: each attribute's largest group, stated in the
        result. Which group is the reference never changes which comparisons are flagged
        (two-sided DI rule, symmetric EO), only how the ratios are written.
    intersections : list of tuples of attribute names, optional
        Also audit the crossed groups, e.g. ``[("race", "sex")]``.
    exclude_groups : dict, optional
        ``{attribute: [group, ...]}``: leave these groups out of that attribute's comparisons
        (and of intersections built from it). Stated in the result's ``config``.
    merge_groups : dict, optional
        ``{attribute: {new_group: [group, group, ...]}}``: audit these groups as one.
    bins : dict, optional
        ``{attribute: edges}``: audit a numeric attribute (an age) by bands
        ``[e0, e1), …, [e_k-1, e_k]``, labelled as written (``"[0, 40)"``), as a file's audit
        bins it (``--bins``, ``groups.bins``; :func:`bin_attribute`); merges, exclusions and the
        reference then name the bands. A value outside the edges is refused, never clipped.
        ``audit``, ``compare`` and ``threshold_table`` (a counts table is binned by
        :func:`bin_counts`).
    pos_label : scalar, optional
        The positive label, needed when labels/predictions are not 0/1.
    positive_is_favorable : bool
        Whether the positive label is a benefit (a loan) or a harm (a recidivism prediction);
        decides which group a flagged disparity disadvantages. A request's words are taken
        too: ``positive="favorable"`` or ``"harmful"``.
    n_boot : int
        Interval draws per group (2,000 in ``audit``; 1,000 in ``compare`` and
        ``threshold_table``).
    ci : {"jeffreys", "bca", "percentile"}
        Interval method. ``"jeffreys"`` (default): each group's cells are drawn from
        Dirichlet(counts + 1/2), which stays valid when a rate is 0 or 1; ``"bca"`` and
        ``"percentile"``: the stratified bootstrap. Each interval's ``ci_method`` says what was
        actually computed. ``compare`` takes ``"jeffreys"`` or ``"percentile"``. At a handful
        of selected rows per group the bootstrap often has no DI interval (over 1% of its
        replicates 0 / 0: INCONCLUSIVE, no verdict): 300 rows a group, 3 to 5 selected, in 7%
        of 1,000 runs, about 1 selected in half (``"jeffreys"``: only when neither group
        selected anyone): keep ``"jeffreys"`` for rare outcomes.
    confidence_level : float
        Interval coverage, 0.95 by default.
    n_bins : int
        Equal-width bins for ECE (a counts table states its own).
    random_state : int, numpy.random.Generator or numpy.random.RandomState, optional
        Non-negative seed. When None a seed is drawn and recorded in the result; given a
        ``numpy.random.Generator`` (or a ``RandomState``), the seed is one draw from it
        (advancing it), recorded in the result too, so ``random_state=<that seed>`` repeats the run.
    provenance : dict, optional
        Where the data and model came from; copied into the report.
    reference_source : str or dict, optional
        How a given reference was chosen (e.g. ``"dataset default"``); default ``"given"``.
    names : tuple of str
        ``compare``: the two models' names in reports.
    paired : bool
        ``compare``: True (default) draws both models on each draw; False draws each model
        independently (for comparison only: it ignores that the rows are the same, and is wider).
    audited_threshold : float
        ``threshold_table``: the threshold the audited predictions used (marked in the table).
    thresholds : array-like, optional
        ``threshold_table``: thresholds to show; default ``step, 2·step, ..., 1 − step``.
    step : float
        ``threshold_table``: the default grid's step (0.05).
    """

    reference: Any = None
    intersections: Any = None
    exclude_groups: Any = None
    merge_groups: Any = None
    bins: dict | None = None
    pos_label: Any = None
    positive_is_favorable: bool = True
    n_boot: int = 2000
    ci: str = "jeffreys"
    confidence_level: float = 0.95
    n_bins: int | None = 10
    random_state: int | None = None
    provenance: dict | None = None
    reference_source: Any = None
    names: tuple = ("A", "B")
    paired: bool = True
    audited_threshold: float = 0.5
    thresholds: Any = None
    step: float = 0.05

    @staticmethod
    def check_ci(value, function: str, where: str = "ci") -> str:
        """``value`` as ``function``'s interval method (audit, audit_counts, compare; the
        threshold view takes none): one refusal for every face (the engine's keyword, a
        request's ``policy.ci``, the CLI's ``--ci``), listing only the methods that run
        takes (:func:`check_interval_method`)."""
        return check_interval_method(value, function, where)

    def seeded(self) -> AuditOptions:
        """These options with a checked seed: the given one, or one drawn (and then recorded)."""
        seed = self.random_state
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % SKLEARN_SEED_LIMIT)
        check_seed(seed, "random_state", fix=SEED_FIX)
        return replace(self, random_state=seed)


# The interval methods compare takes (a paired draw of both models; "bootstrap": the older
# spelling of percentile); fairness/_compare.py takes them from here
COMPARE_CI, COMPARE_ALIASES = (JEFFREYS, PERCENTILE), {"bootstrap": PERCENTILE}
# What each run is called in a refusal, by its function (or a request's purpose)
_RUN_WORDS = {"audit": "an audit", "audit_counts": "an audit", "compare": "a comparison"}
THRESHOLD_VIEW_CI = "its intervals are Dirichlet draws per group, whatever the method"


def check_interval_method(value, function: str, where: str = "ci") -> str:
    """``value`` when ``function`` (audit, audit_counts, compare, or a request's purpose)
    takes it as ``ci``; else one line naming ``where`` and only the methods that run takes
    (compare's older spelling of percentile, bootstrap, said as one). ``threshold_table``
    (``thresholds``) takes no interval method: its intervals are Dirichlet draws."""
    kind = None if "." in where or where.startswith("-") else "argument"
    if function in ("threshold_table", "thresholds"):
        problem, fix = f"is not used by the threshold view: {THRESHOLD_VIEW_CI}", "drop it"
    else:
        methods, aliases = (
            (COMPARE_CI, COMPARE_ALIASES) if function == "compare" else (CI_CHOICES, {})
        )
        if isinstance(value, str) and (value in methods or value in aliases):
            return str(value)  # np.str_ as text
        older = "".join(f" ({old}: an older spelling of {new})" for old, new in aliases.items())
        problem = f"is not an interval method of {_RUN_WORDS[function]}"
        typed = value if (item := zero_d_item(value)) is None else item
        fix = f"{did_you_mean(typed, methods)}use one of {', '.join(methods)}{older}"
        if (shaped := not_one_word(value, (*methods, *aliases), aliases)) is not None:
            problem, fix = _one_word(shaped, where, fix)
    raise EthicLensInputError(problem, column=where, value=value, fix=fix, kind=kind)


def _one_word(shaped: tuple, where: str, fix: str) -> tuple[str, str]:
    """(problem, fix) of a ``ci`` given as a mapping, a list or a set (``{method: bca,
    level: 0.9}``, :func:`not_one_word`): the method is one word, written as ``where``'s face
    writes it (``ci='bca'`` in Python, ``ci: bca`` in a config's policy; an older spelling as
    the current one), the level a setting of its own."""
    problem, named = shaped
    config = "." in where
    key = where.rsplit(".", 1)[-1]
    said = (f"{key}: {named}" if config else f"{key}={named!r}") if named else None
    level = "policy.confidence_level" if config else "confidence_level="
    return (
        problem,
        f"write {where} as one word{f' ({said})' if said else ''}: {fix}; the confidence "
        f"level is a setting of its own, {level}",
    )


DEFAULT_N_BINS = 10  # equal-width score bins for calibration (ECE)


def check_score_bins(
    n_bins, scored, column="n_bins", score="y_score", default=DEFAULT_N_BINS, idle_default=False
):
    """``n_bins`` as a whole number from 2 to 1000 (None: the default, 10), one refusal for
    every face (``audit``'s and ``audit_counts``' keyword, ``ethiclens counts --n-bins``);
    given where there is no score to bin (``scored`` false) it would change nothing, and is
    refused naming ``column`` and the fix (give ``score``, or drop ``column``). ``default``
    None: None is refused too. ``idle_default``: the default given (10) is let through
    without a score, as ``audit_counts`` lets it through (``sources.Roles``)."""
    kind = None if column.startswith("-") else "argument"
    if n_bins is None and default is not None:
        return default
    again = dict(scored=True, column=column, default=default)  # 3.0: give 3, when in range
    refuse_whole_decimal(n_bins, column, lambda n: check_score_bins(n, **again), kind=kind)
    whole = isinstance(n_bins, int | np.integer) and not isinstance(n_bins, bool)
    if not whole or not 2 <= n_bins <= 1000:
        fix = f"{DEFAULT_N_BINS} is the default"
        raise EthicLensInputError(
            "must be an integer in [2, 1000]", column=column, value=n_bins, fix=fix, kind=kind
        )
    if not scored and not (idle_default and n_bins == DEFAULT_N_BINS):
        raise EthicLensInputError(
            f"bins the scores for calibration, and there is no {score}: it would change nothing",
            column=column,
            value=n_bins,
            fix=f"give {score} (a score column in [0, 1]), or drop {column}"
            if score.startswith(("y_", "--"))
            else f"drop {column}: the table has no scores",
            kind=kind,
        )
    return int(n_bins)


# what a seed's refusal offers the audit of arrays: it also draws one from a numpy generator
SEED_FIX = "use e.g. 0, or a numpy generator to draw one from: np.random.default_rng(0)"

_GROUPS = ("reference", "intersections", "exclude_groups", "merge_groups")
_DRAWS = ("n_boot", "confidence_level", "random_state")
_LABEL = ("pos_label", "positive_is_favorable")
_AUDIT = (*_GROUPS, *_DRAWS, *_LABEL, "ci", "provenance")
_GRID = ("audited_threshold", "thresholds", "step")  # the threshold view's

# function -> (the options it takes, its defaults where they differ from AuditOptions')
KEYWORDS = {
    "audit": ((*_AUDIT, "bins", "n_bins", "reference_source"), {}),
    "audit_counts": ((*_AUDIT, "n_bins", "reference_source"), {"n_bins": None}),
    "compare": ((*_AUDIT, "bins", "names", "paired", "reference_source"), {"n_boot": 1000}),
    "threshold_table": ((*_GROUPS, "bins", *_DRAWS, *_LABEL, *_GRID), {"n_boot": 1000}),
}


# a request's (AuditSpec's, ethiclens.run's) names of the engine's keywords, for the hint
SPEC_NAMES = {
    "seed": "random_state",
    "merge": "merge_groups",
    "exclude": "exclude_groups",
    "weight": "sample_weight",
    "min_labels": "min_label_count",
    "positive": "positive_is_favorable",  # favorable/harmful: True/False
}
# a request's words of the label's direction, as the engine's bool
POSITIVE_WORDS = {"favorable": True, "harmful": False}


# function -> its data arguments, which a role's other common name means (label=: y_true)
_DATA_ARGUMENTS = {
    "audit": ("y_true", "y_pred", "sensitive_features", "y_score", "sample_weight"),
    "audit_counts": ("table", "protected"),
    "compare": ("y_true", "pred_a", "pred_b", "sensitive_features", "sample_weight"),
    "threshold_table": ("y_true", "y_score", "sensitive_features", "sample_weight"),
}


def _roles_meant(function: str) -> dict:
    """``function``'s data argument each other name of a role means (``label``: ``y_true``,
    ``protected``: ``sensitive_features``), as ``_checks.ROLE_NAMES`` answers on every face;
    the nearest spelling would mean something else (``pos_label``, ``provenance``)."""
    args = _DATA_ARGUMENTS.get(function, ())
    names = {**ROLE_NAMES, "protected": "protected", "sensitive_features": "protected"}
    out = {}
    for other, role in names.items():
        meant = [a for a in ("sensitive_features", "protected") if a in args]
        meant = meant if role == "protected" else [role] if role in args else []
        if meant and meant[0] != other:
            out[other] = meant[0]
    return out


def _refuse_unknown(function: str, options: dict, allowed) -> None:
    """Refuse keywords ``function`` does not take, with the closest keyword it takes (or the
    data argument a role's other name means: ``audit(..., label=...)``: ``y_true``)."""
    meant = {k: v for k, v in SPEC_NAMES.items() if v in (*allowed, "sample_weight")}
    meant |= _roles_meant(function)
    if next((k for k in options if k not in allowed), None) == "bins":  # not n_bins (the ECE's)
        raise UnknownKeywordError(
            f"{function}() got an unexpected keyword argument 'bins' (n_bins is calibration's)",
            fix="bin the table's attribute first: ethiclens.fairness.bin_counts(table, bins)",
        )
    # the function's own arguments too: sample_weights= means sample_weight, not "one of" the
    # options (which leave it out)
    data = _DATA_ARGUMENTS.get(function, ())
    choices = [*allowed, *POLICY_KEYWORDS, "policy", *data]
    key = next((k for k in options if k not in allowed), None)
    if key is not None and key not in meant and not difflib.get_close_matches(key, choices, n=1):
        # a config's name misspelt (positve=, sed=): the name it is near, as it is written
        near = difflib.get_close_matches(key, [k for k in meant if k in SPEC_NAMES], n=1)
        if near == ["positive"]:  # the label's value or its direction
            raise UnknownKeywordError(
                f"{function}() got an unexpected keyword argument {key!r}; did you mean "
                "'pos_label' (the label counted as positive: pos_label=1) or "
                "'positive_is_favorable' (True/False)?"
            )
        meant |= {key: near[0]} if near else {}
    refuse_unknown(function, options, allowed, choices, meant)


def keywords_before_rows(function: str):
    """The engine's ``function`` (audit, ...) refusing a keyword it does not take before
    Python's "missing a required argument": ``audit(y, p, sensitive_feature=g)`` (one letter
    short of an argument) is one :class:`UnknownKeywordError` naming ``sensitive_features``,
    not a bare TypeError about the argument that seemed not given. Its signature stays the
    engine's (``functools.wraps``: help() and the API doc)."""

    def decorate(engine):
        signature = inspect.signature(engine)
        allowed = KEYWORDS[function][0]
        taken = {*signature.parameters, *allowed, *POLICY_KEYWORDS, *SPEC_NAMES}

        @functools.wraps(engine)
        def checked(*args, **kwargs):
            try:
                signature.bind(*args, **kwargs)
            except TypeError:  # an argument missing: an unknown keyword may be it, misspelt
                # (none: the engine's call raises Python's own TypeError)
                _refuse_unknown(
                    function, {k: v for k, v in kwargs.items() if k not in taken}, allowed
                )
            return engine(*args, **kwargs)

        return checked

    return decorate


# A setting of the policy is a keyword of its own too (audit(..., di_threshold=0.9)), as a
# request's keywords take it (AuditSpec.of): the two faces of one call take the same words.
POLICY_KEYWORDS = tuple(f.name for f in fields(Policy))


def split_policy(policy, options: dict, spelled: dict | None = None) -> tuple:
    """(the policy, the other options): settings of the policy given as keywords
    (``di_threshold=0.9``) make a :class:`Policy`; with ``policy=`` too they are refused, as
    the request refuses them (a Policy carries all its fields, defaults too). A setting given
    as None is not given (a wrapper passing its defaults through). ``spelled``: the keyword
    the caller wrote for a field (``min_labels`` for ``min_label_count``), for the message."""
    settings = {k: options[k] for k in POLICY_KEYWORDS if options.get(k) is not None}
    rest = {k: v for k, v in options.items() if k not in POLICY_KEYWORDS}
    if not settings:
        return policy, rest
    key = next(iter(settings))
    if policy is not None:
        said = (spelled or {}).get(key, key)
        raise EthicLensInputError(
            f"policy= and {said}= both set {key} (a Policy carries all its fields, defaults too)",
            column=said,
            kind="argument",
            fix=f"give {key} once: in the Policy (Policy({key}=...)), or as {said}= without "
            "policy=",
        )
    return Policy(**settings), rest


def policy_and_options(function: str, policy, options: dict) -> tuple:
    """(the policy, :func:`take_options`): settings of the policy given as keywords taken
    into it first (:func:`split_policy`). A refusal names the keyword as the caller wrote it
    (``min_labels``, ``seed``: a request's name), as a request's refusal does."""
    _refuse_0d_text(function, options)
    options, spelled = _engine_names(options)
    try:
        policy, options = split_policy(policy, options, spelled)
        return policy, take_options(function, options)
    except EthicLensInputError as exc:
        if str(exc.column) not in spelled:
            raise
        raise exc.renamed({str(exc.column): spelled[str(exc.column)]}, exc.kind) from None


# The keywords that take one word from a list (a request's choices): a 0-d text array is
# refused in every one alike, as a request (AuditSpec.of) refuses it
_CHOICE_KEYWORDS = ("ci", "di_rule", "positive")


def _refuse_0d_text(function: str, options: dict) -> None:
    """Refuse a choice given as a 0-d numpy array of text (``ci=np.array('jeffreys')``, which
    compares equal to its text) in the words of a request's refusal of it, whichever choice:
    never "is not an interval method" for ci and "must be one of" for di_rule. ``np.str_`` is
    text and taken; the threshold view's ``ci`` is refused as it takes none. A 0-d typo or
    another list's word (``ci=np.array('below')``) keeps its choice's words, as a request's
    does: "pass it as text" would be refused again."""
    methods = (*COMPARE_CI, *COMPARE_ALIASES) if function == "compare" else CI_CHOICES
    choices = {"ci": methods, "di_rule": DI_RULES, "positive": tuple(POSITIVE_WORDS)}
    for key in _CHOICE_KEYWORDS:
        value = options.get(key)
        if key == "ci" and function == "threshold_table":
            continue
        if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "USO":
            if isinstance(item := value.item(), str) and item in choices[key]:
                fix = pass_item_fix(item)
                raise EthicLensInputError(
                    ZERO_D_TEXT, column=key, value=value, fix=fix, kind="argument"
                )


def _label_like(value) -> bool:
    """``value`` a label (1, True, 'yes', '>50K'), not a misspelt favorable/harmful."""
    if isinstance(value, str):
        return not difflib.get_close_matches(value.strip().lower(), list(POSITIVE_WORDS), n=1)
    return isinstance(value, bool | int | float | np.generic) and value == value


def _engine_names(options: dict) -> tuple[dict, dict]:
    """(``options`` with the request's names of fields (``seed``, ``merge``, ``exclude``,
    ``min_labels``: a config's keys) as the engine names them (``random_state``, ...), the
    name written for each renamed field), so a call takes the words of the config it mirrors;
    one field named both ways is refused, unless one of the two is None (not given)."""
    out, spelled = dict(options), {}
    for spec_name, engine_name in SPEC_NAMES.items():
        if spec_name not in out or spec_name == "weight":  # sample_weight is an argument
            continue
        value = out.pop(spec_name)
        if value is None:
            continue
        if spec_name == "positive":  # the request's words, refused in its words
            allowed = (*POSITIVE_WORDS, None)
            problem = schema_words("enum", allowed, "")
            fix = "use one of favorable, harmful"
            if isinstance(value, bool | np.bool_):  # positive=True: the engine's flag
                fix += f" (or the engine's positive_is_favorable={bool(value)})"
            elif _label_like(value):  # positive=1: the label's value is pos_label's
                fix += f" (the positive label's direction); the label itself is pos_label={value!r}"
            check_member(
                value, allowed, column=spec_name, problem=problem, fix=fix, kind="argument"
            )
            value = POSITIVE_WORDS[value]
        if out.get(engine_name) is not None:
            raise EthicLensInputError(
                f"sets {engine_name} twice (as {spec_name} and as {engine_name})",
                column=spec_name,
                kind="argument",
                fix=f"give one of {spec_name}= and {engine_name}=",
            )
        out[engine_name], spelled[engine_name] = value, spec_name
    return out, spelled


def take_options(function: str, options: dict) -> AuditOptions:
    """The keyword ``options`` given to ``function``, checked against its vocabulary."""
    allowed, defaults = KEYWORDS[function]
    if "ci" in options:  # only the methods this function takes (the threshold view: none)
        options = {**options, "ci": check_interval_method(options["ci"], function)}
    _refuse_unknown(function, options, allowed)
    if "intersections" in options:  # [df.columns[:2]]: each combination's names as a list
        options = {**options, "intersections": _intersections_listed(options["intersections"])}
    _check_intersections(options.get("intersections"))
    for key in _GROUPS:  # 10**5000 as a name: written as errors.plain_text does
        if options.get(key) is not None:
            options = {**options, key: huge_ints_written(options[key])}
    if isinstance(options.get("bins"), dict):  # its attributes; an edge stays a number
        options = {**options, "bins": {huge_ints_written(k): v for k, v in options["bins"].items()}}
    if options.get("intersections") is not None:  # DataFrame columns 0 and 1: (0, 1)
        options = {**options, "intersections": _named_combos(options["intersections"])}
    for key in ("merge_groups", "exclude_groups"):  # compare's two audits read them both
        if isinstance(options.get(key), dict):
            options = {**options, key: _iterators_listed(options[key])}
    if "names" in options:
        options = {**options, "names": _check_names(options["names"])}
    if "paired" in options:
        options = {**options, "paired": _check_paired(options["paired"])}
    if isinstance(options.get("random_state"), np.random.Generator | np.random.RandomState):
        options = {**options, "random_state": _seed_from(options["random_state"])}
    if options.get("random_state") is not None:  # now, named as the caller wrote it
        check_seed(options["random_state"], "random_state", fix=SEED_FIX)
    if "confidence_level" in options:  # one range for every function (the vocabulary's)
        options = {**options, "confidence_level": check_level(options["confidence_level"])}
    if options.get("provenance") is not None:  # copied into JSON: NumPy scalars, NaN as null
        options = {**options, "provenance": _check_provenance(options["provenance"])}
        _refuse_loose_card(options["provenance"])
        if function != "compare":  # compare's report never draws it: kept as given
            _refuse_unprintable(options["provenance"])
    return AuditOptions(**{**defaults, **options})


def _seed_from(generator) -> int:
    """The seed a Generator (or a legacy ``RandomState``) given as ``random_state`` stands for:
    one draw from it. The result records a seed, never a generator's state, so the run is
    repeatable from what it says."""
    if isinstance(generator, np.random.RandomState):
        return int(generator.randint(SKLEARN_SEED_LIMIT, dtype=np.int64))
    return int(generator.integers(SKLEARN_SEED_LIMIT))


def _check_provenance(provenance) -> dict:
    """A dict the report's JSON can hold, checked now: a date or an object in it used to be
    accepted and then fail ``to_json()`` once the audit's work was done."""
    import json

    fix = "give a dict of text, numbers, true/false, lists and dicts (e.g. str() a date)"
    check_argument_type(
        provenance, dict, column="provenance", problem="must be a dict, not a", fix=fix
    )
    ready = json_ready(provenance)
    try:
        json.dumps(ready, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise EthicLensInputError(
            f"cannot be written to the report's JSON ({exc})",
            column="provenance",
            kind="argument",
            fix=fix,
        ) from None
    return _masked(ready)


def _refuse_unprintable(provenance: dict) -> None:
    """Refuse now what the model card and the HTML report refuse once drawn (after the audit's
    work): a mapping, or a list holding a mapping or a list, where they print text or a list of
    text (``limitations``, ``intended_use``, ``data`` when not a dict, each field of a ``model``
    dict), in their words and naming the key: ``provenance={'model': {'params': {'lr': 0.1}}}``;
    and a ``card`` as ``--card-info`` is read (``provenance={'card': {'bogus': {}}}``)."""
    model = provenance.get("model")
    fields = (
        [(f"provenance['model'][{k!r}]", v) for k, v in model.items()]
        if isinstance(model, dict)
        else []
    )
    fields += [(f"provenance[{k!r}]", provenance.get(k)) for k in ("intended_use", "limitations")]
    if not isinstance(provenance.get("data"), dict):
        fields.append(("provenance['data']", provenance.get("data")))
    for where, value in fields:
        text_items(value, where)
    if provenance.get("card") is not None:  # its sections and fields, as the card reads them
        from .. import _renderers

        _renderers.get("provenance_check")(provenance)


# The model card's sections (report._provenance.CARD_FIELDS, a --card-info file's keys)
CARD_SECTIONS = (
    "model_details",
    "intended_use",
    "factors",
    "metrics",
    "evaluation_data",
    "training_data",
    "ethical_considerations",
    "caveats_and_recommendations",
    "sign_off",
)


def _refuse_loose_card(provenance: dict) -> None:
    """Refuse a model card's section given at provenance's top level (a ``--card-info`` file's
    shape, ``provenance={'model_details': ..., 'sign_off': ...}``): the card reads its sections
    only under ``provenance['card']``, and left these out of every card and report unsaid.
    ``intended_use`` is also provenance's own key (its text; a mapping there is refused by
    :func:`_refuse_unprintable`)."""
    loose = [k for k in provenance if k in CARD_SECTIONS and k != "intended_use"]
    if not loose:
        return
    sections = ", ".join(f"{k!r}: ..." for k in loose)
    raise EthicLensInputError(
        f"holds the model card's section{'s' if len(loose) > 1 else ''} "
        f"{', '.join(map(repr, loose))} at its top level, where the card does not read them",
        column="provenance",
        kind="argument",
        value=", ".join(loose),
        fix=f"give them under 'card': provenance={{'card': {{{sections}}}}} (a card file's "
        "sections, as ethiclens.report.load_card_info reads them)",
    )


def _masked(value):
    """``value`` with every secret in its text masked (a database URL's password), keys too:
    the JSON report holds what its HTML report and model card show, never a password."""
    from .._secrets import mask_secrets

    if isinstance(value, str):
        return mask_secrets(value)
    if isinstance(value, dict):
        return {_masked(k) if isinstance(k, str) else k: _masked(v) for k, v in value.items()}
    return [_masked(v) for v in value] if isinstance(value, list) else value


def _check_names(names) -> tuple[str, str]:
    """``compare``'s ``names``: two different, non-empty strings (a string is not a pair: "AB"
    would name the models "A" and "B"); an array, Index or Series of two (``df.columns[1:3]``:
    the prediction columns' names) as the list of them."""
    names = _listed(names)
    pair = isinstance(names, tuple | list) and len(names) == 2
    if not pair or not all(isinstance(n, str) and not prints_blank(n) for n in names):
        problem, value = "is the two models' names: a tuple of two non-empty strings", names
    elif names[0] == names[1]:
        problem, value = "gives both models the same name", names[0]
    elif shown_alike(*names):  # 'm' and 'm ', 'token=a' and 'token=b': one name on a page
        problem, value = "gives the two models names that print the same", names
    else:
        return (names[0], names[1])
    fix = "e.g. names=('current', 'candidate'): model A's name first"
    raise EthicLensInputError(problem, column="names", value=value, fix=fix, kind="argument")


def shown_alike(first: str, second: str) -> bool:
    """Whether two names read as one wherever they are shown: alike once their passwords are
    masked, as every face masks them ('token=a' and 'token=b' both read 'token=***'), and as a
    reader sees them (:func:`ethiclens._text.as_seen`: 'm' and 'm ', 'm' and 'm\\u200b')."""
    return as_seen(mask_secrets(first)) == as_seen(mask_secrets(second))


def _check_paired(paired) -> bool:
    """``compare``'s ``paired``: a bool (``bool("no")`` is True: it would run paired)."""
    if not isinstance(paired, bool | np.bool_):
        raise EthicLensInputError(
            "must be True or False",
            column="paired",
            value=paired,
            fix="paired=True (paired draws, the default) or paired=False",
            kind="argument",
        )
    return bool(paired)


def _listed(value):
    """An array, Index, Series or pyarrow array of one dimension or more as the list of its
    items (nested for a 2-D array); any other value as it is."""
    if hasattr(value, "to_pylist"):
        return value.to_pylist()
    if hasattr(value, "tolist") and np.ndim(value) >= 1:
        return value.tolist()
    return value


def _intersections_listed(intersections):
    """``intersections`` and each combination in it given as an array, Index or Series
    (``[df.columns[:2]]``, ``np.array([['race', 'sex']])``) as lists of names, as a list."""
    intersections = _listed(intersections)
    if not isinstance(intersections, list | tuple):
        return intersections
    return type(intersections)(_listed(c) for c in intersections)


def _iterators_listed(value):
    """``merge_groups`` or ``exclude_groups`` with each generator or iterator in it as the list
    of what it yields: read once here, every audit of a run sees the same groups (compare's
    second audit read a generator its first had used up: 'a merge needs two or more groups
    (value: [])', an exclusion not made)."""
    if isinstance(value, dict):
        return {k: _iterators_listed(v) for k, v in value.items()}
    return list(value) if isinstance(value, Iterator) else value


def _named_combos(intersections) -> list:
    """Each combination with a numbered attribute (a DataFrame's column 0) by the name the
    audit gives it ('0'), as ``reference``, ``merge_groups`` and ``bins`` take the number."""
    return [
        (tuple if isinstance(c, tuple) else list)(str(a) if is_number(a) else a for a in c)
        for c in intersections
    ]


def _check_intersections(intersections) -> None:
    """A string, or a string among the combinations, would be crossed letter by letter; a
    value that is not a list of them (True, 5) is refused as what it is."""
    odd = (
        [intersections]
        if not isinstance(intersections, (str, list, tuple))
        else [c for c in intersections if not isinstance(c, (str, list, tuple))]
    )
    problem = "is a list of attribute combinations, each a list of "
    if intersections is not None and odd:
        kind = type(odd[0]).__name__
        problem += f"names, not {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
        fix = "e.g. intersections=[['race', 'sex']]"
    elif isinstance(intersections, str) or any(
        isinstance(combo, str) for combo in intersections or []
    ):
        items = [intersections] if isinstance(intersections, str) else intersections
        combos = [crossed_names(c) if isinstance(c, str) else list(c) for c in items]
        if all(len(c) == 1 for c in combos):  # ["s", "t"]: one crossing of each name
            combos = [[c[0] for c in combos]]
        problem += "two or more names, not a string"
        fix = (
            f"e.g. intersections={combos!r}"
            if all(len(c) > 1 for c in combos)
            else "list two or more attribute names in each, e.g. intersections=[['race', 'sex']]"
        )
    else:
        return
    raise EthicLensInputError(problem, column="intersections", value=intersections, fix=fix)
