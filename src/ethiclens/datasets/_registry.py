"""The dataset registry: one entry per dataset, read by the audit, PCER, P2NIA, provenance and
sweeps.

Everything EthicLens knows about a dataset lives in its :class:`DatasetEntry`: the loader, a
description, the label's direction, the protected attributes and the binary split PCER uses for
each, the default protected attribute of the P2NIA experiments, the source and limitation lines
a report prints, the relative cost that schedules sweep tasks, and the named feature sets.
Adding a dataset is one :func:`register` call.

Loaders are given as a callable or as ``"module:function"`` (relative to this package), resolved
on first use: the registry itself imports neither pandas nor the loaders, so the CLI can list
and check names at once.
"""

from __future__ import annotations

import copy
import inspect
import math
import numbers
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np

from .._checks import (
    TEXT_LIKE,
    choice_words,
    did_you_mean,
    names_words,
    type_refusal,
    use_one_of,
)
from .._keywords import refuse_unknown, refusing_unknown_keywords
from .._registry import Registry, check_function_ref, resolve_function
from .._text import prints_blank
from ..errors import EthicLensInputError

PURPOSES = ("audit", "pcer", "p2nia")
DEFAULT_FEATURES = "full"


def _as_text(value) -> str:
    """A group value as a split compares it: a whole number without its fraction (the column's
    1.0 is the 1 that one_values names)."""
    number = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if number and math.isfinite(value) and value == int(value):
        return str(int(value))
    return str(value)


@dataclass(frozen=True, kw_only=True)
class BinarySplit:
    """How a protected column becomes PCER's binary attribute (group 0 vs group 1).

    Parameters
    ----------
    column : str
        Column of the dataset's ``protected`` frame.
    group0, group1 : str
        Names of the two groups; ΔPCER = PCER_0 − PCER_1.
    one_values : tuple of str, optional
        Raw values that make group 1 (every other value is group 0).
    zero_values : tuple of str, optional
        Raw values that make group 0 (every other value is group 1). Exactly one of
        ``one_values`` and ``zero_values`` is given.
    """

    column: str
    group0: str
    group1: str
    one_values: tuple = ()
    zero_values: tuple = ()

    def __post_init__(self):
        for key in ("column", "group0", "group1"):  # each is read in PCER's tables and words
            name = getattr(self, key)
            if not isinstance(name, str) or prints_blank(name):  # '', ' ', U+200B, U+3164
                raise EthicLensInputError(
                    "a binary split's column and groups need names that print (not empty, "
                    "nor only spaces and characters that print as nothing)",
                    column=key,
                    value=name,
                    fix=f"e.g. {key}={dict(column='sex', group0='Male', group1='Female')[key]!r}",
                )
        object.__setattr__(self, "one_values", tuple(_as_text(v) for v in self.one_values))
        object.__setattr__(self, "zero_values", tuple(_as_text(v) for v in self.zero_values))
        if bool(self.one_values) == bool(self.zero_values):
            raise EthicLensInputError(
                "a binary split names the raw values of exactly one group",
                column=self.column,
                fix="give one_values=(...) (group 1) or zero_values=(...) (group 0)",
            )

    def described(self) -> str:
        """The split in words, for every face that shows its groups: a group name such as
        COMPAS's 'Other' means every other value of the column, not the column's own 'Other'."""
        if self.one_values:
            named, values, rest = self.group1, self.one_values, self.group0
        else:
            named, values, rest = self.group0, self.zero_values, self.group1
        shown = ", ".join(repr(v) for v in values)
        return (
            f"PCER's two groups of {self.column}: {named} = the {self.column} value(s) {shown}; "
            f"{rest} = every other value of {self.column}"
        )

    def binarize(self, raw):
        """Group names (``group0``/``group1``) for raw protected values, as a NumPy array."""
        import numpy as np
        import pandas as pd

        missing = int(pd.isna(pd.Series(raw, dtype=object)).sum())
        if missing:  # never counted in the group of "every other value"
            raise EthicLensInputError(
                f"{missing} values of {self.column} are missing: PCER's split puts each row "
                "in one of its two groups",
                column=self.column,
                fix="drop or recode those rows in the dataset's loader",
            )
        raw = np.array([_as_text(v) for v in raw], dtype=str)
        if self.one_values:
            return np.where(np.isin(raw, self.one_values), self.group1, self.group0)
        return np.where(np.isin(raw, self.zero_values), self.group0, self.group1)

    @property
    def order(self) -> tuple[str, str]:
        """``(group0, group1)``."""
        return self.group0, self.group1


def _typed_name(name) -> bool:
    """Whether ``name`` can be typed after a flag as the entry names it: text that prints, no
    spaces around it (the flags strip them), no control character nor line break, no comma
    (``--intersect A,B`` and ``datasets list`` join names with commas). A joiner inside a name
    (U+200D, written in Indic scripts and emoji) and a non-joiner (U+200C) are kept; every other
    character that does not print is refused: a bidi override (U+202E), a zero-width space, a
    lone surrogate (no terminal can print it), a private-use or unassigned code point."""
    if not isinstance(name, str) or prints_blank(name):  # '', ' ', U+200B, U+3164
        return False
    broken = any(not (c.isprintable() or c in _JOINERS) for c in name)
    return name == name.strip() and not broken and "," not in name


_JOINERS = " \u200c\u200d"  # a space inside a name, a (non-)joiner: typed, and they print


def _refuse_untyped(names, column: str, what: str, fix: str) -> None:
    """Refuse the first of ``names`` that cannot be typed (see :func:`_typed_name`)."""
    for name in names:
        if not _typed_name(name):
            raise EthicLensInputError(
                f"{what} needs a name as it is typed on the command line: text that prints, "
                "without spaces around it, control characters or commas",
                column=column,
                value=name,
                fix=fix,
            )


def _check_feature_sets(entry: str, sets) -> None:
    """Each feature set named as it is typed after --features (text that prints, no spaces
    around it, no control characters, no comma: ``datasets list`` joins the names with ', ')
    and described in words."""
    for name, what in sets.items():
        if not _typed_name(name):
            raise EthicLensInputError(
                f"dataset entry {entry!r}: a feature set needs a name as it is typed after "
                "--features: text that prints, without spaces around it, control characters or "
                "commas",
                column="feature_sets",
                value=name,
                fix="e.g. feature_sets={'full': 'every column', 'paper': 'the paper list'}",
            )
        if not isinstance(what, str):
            raise EthicLensInputError(
                f"dataset entry {entry!r}: a feature set is described in words",
                column=f"feature_sets.{name}",
                value=what,
                fix=f"e.g. feature_sets={{{name!r}: 'every column'}}",
            )


def _check_loader_options(entry: str, pcer: Mapping, p2nia: Mapping) -> None:
    """Loader keywords are names (``{1: 2}`` was Python's 'keywords must be strings' when the
    dataset loaded); PCER's feature set is each run's (``features=``, ``--features``), so a
    ``features`` key in ``pcer_options`` is refused (it was a TypeError, 'got multiple values
    for keyword argument', in ``datasets info`` and every PCER load). P2NIA has no flag of its
    own: its ``features`` key chooses the feature set it loads."""
    for column, options in (("pcer_options", pcer), ("p2nia_options", p2nia)):
        for key in options:
            if not isinstance(key, str) or not key.isidentifier():
                raise EthicLensInputError(
                    f"dataset entry {entry!r}: a loader keyword must be a name",
                    column=column,
                    value=key,
                    fix="key each option by the loader's parameter, e.g. {'states': ['CO']}",
                )
    if "features" in pcer:
        raise EthicLensInputError(
            f"dataset entry {entry!r}: PCER's feature set is chosen per run (features=, "
            "--features), not in its loader options",
            column="pcer_options",
            value="features",
            fix="leave 'features' out of pcer_options; the paper preset uses features='paper'",
        )


def _check_pcer_splits(splits) -> None:
    """Each PCER split a BinarySplit keyed by an attribute name that prints."""
    for attr, split in splits.items():
        if not isinstance(attr, str) or prints_blank(attr):  # '', ' ', U+200B, U+3164
            raise EthicLensInputError(  # it names the attribute in PCER's tables
                "a PCER split's attribute needs a name that prints (not empty, nor only "
                "spaces and characters that print as nothing)",
                column="pcer_splits",
                value=attr,
                fix="key each split by its attribute's name, e.g. pcer_splits={'sex': "
                "BinarySplit(column='sex', group0='Male', group1='Female', "
                "one_values=('Female',))}",
            )
        if not isinstance(split, BinarySplit):
            raise EthicLensInputError(
                "a PCER split must be a BinarySplit",
                column=f"pcer_splits.{attr}",
                fix="e.g. BinarySplit(column='sex', group0='Male', group1='Female', "
                "one_values=('Female',))",
            )


@refusing_unknown_keywords(init=True)  # DatasetEntry(typo=...): audit()'s refusal
@dataclass(frozen=True, kw_only=True)
class DatasetEntry:
    """One dataset: everything the audit, PCER, P2NIA, reports and sweeps need to know.

    Parameters
    ----------
    name : str
        Registry name (``ethiclens datasets list``).
    loader : callable or str
        Returns a :class:`~ethiclens.datasets.Dataset`; ``"module:function"`` is imported on
        first use (relative modules start with ``.`` and resolve inside this package).
    description : str
        One line for ``ethiclens datasets list``.
    positive_is_favorable : bool
        The label's direction: a benefit (True) or a harm (False, e.g. recidivism).
    protected : tuple of str
        The dataset's protected attribute columns.
    pcer_splits : mapping of str to BinarySplit
        PCER attribute name -> its binary split; empty when PCER does not use the dataset.
    pcer_options : mapping
        Loader keywords of the PCER experiments (e.g. Adult's train and test merged).
    p2nia_protected : str, optional
        Default protected attribute of the P2NIA experiments; None when they do not use it.
    p2nia_options : mapping
        Loader keywords of the P2NIA experiments.
    source : str
        Where the data comes from (a report's provenance line).
    limitations : tuple of str
        What the data does and does not measure (a report's and model card's limitations).
    cost : float
        Relative cost of one training run, for ordering sweep tasks (longest first).
    feature_sets : mapping of str to str
        Named feature sets the loader accepts as ``features=`` (name -> what it is). ``full``
        (the default) is always present; a loader with a single set never receives the keyword.
    audited : bool
        Whether ``ethiclens audit NAME`` trains its standard model on it (False for a text
        dataset without one: the audit refuses it before reading its data, naming what to use).
    not_audited : str
        What the dataset is, in the audit's refusal: ``"a text dataset"`` reads "NAME is a text
        dataset without a standard audit model"; empty, "NAME has no standard audit model".

    An entry is picklable when its loader is (a module-level function or a ``"module:function"``
    string): sweeps send registered, non-built-in entries to their worker processes.
    """

    name: str
    loader: Callable | str
    description: str
    positive_is_favorable: bool
    protected: tuple = ()
    pcer_splits: Mapping = field(default_factory=dict)
    pcer_options: Mapping = field(default_factory=dict)
    p2nia_protected: str | None = None
    p2nia_options: Mapping = field(default_factory=dict)
    source: str = ""
    limitations: tuple = ()
    cost: float = 1.0
    feature_sets: Mapping = field(default_factory=lambda: {DEFAULT_FEATURES: "the loader's"})
    audited: bool = True
    not_audited: str = ""

    def __post_init__(self):
        blank = not isinstance(self.name, str) or prints_blank(self.name)  # U+200B, U+3164 too
        if blank or "," in self.name:
            raise EthicLensInputError(  # --datasets a,b lists names comma-separated
                "a dataset entry needs a non-empty name without commas",
                column="name",
                value=self.name,
                fix="e.g. name='toy'",
            )
        if self.name != self.name.strip() or not self.name.isprintable():  # --datasets strips
            raise EthicLensInputError(
                "a dataset entry's name may not hold spaces around it or control characters",
                column="name",
                value=self.name,
                fix="give it as it is typed on the command line, e.g. name='toy'",
            )
        self._check_types()
        for key in ("pcer_splits", "pcer_options", "p2nia_options", "feature_sets"):
            # a copy, never the caller's lists (and picklable)
            object.__setattr__(self, key, copy.deepcopy(dict(getattr(self, key))))
        _check_feature_sets(self.name, self.feature_sets)
        _check_loader_options(self.name, self.pcer_options, self.p2nia_options)
        if DEFAULT_FEATURES not in self.feature_sets:
            raise EthicLensInputError(
                f"every dataset has a {DEFAULT_FEATURES!r} feature set",
                column="feature_sets",
                value=sorted(self.feature_sets),
                fix=f"add {DEFAULT_FEATURES!r}: what the loader returns by default",
            )
        _check_pcer_splits(self.pcer_splits)
        _refuse_untyped(
            self.pcer_splits,
            "pcer_splits",
            f"dataset entry {self.name!r}: a PCER split's attribute",
            "key each split by its attribute's name as typed after --attribute, e.g. "
            "pcer_splits={'sex': BinarySplit(...)}",
        )
        cost = self.cost  # a text '1' was a TypeError, True a cost of 1, inf no ordering
        real = isinstance(cost, numbers.Real) and not isinstance(cost, bool | np.bool_)
        if not real or not 0 < cost < math.inf:
            raise EthicLensInputError(
                "must be a finite number > 0", column="cost", value=cost, fix="e.g. cost=1.0"
            )
        what = self.not_audited  # read into "NAME is WHAT without a standard audit model"
        blank = isinstance(what, str) and what and prints_blank(what)  # ' ', U+3164 too
        if not isinstance(what, str) or blank or not what.isprintable():
            raise EthicLensInputError(
                "must be words on one line (what the dataset is) or empty",
                column="not_audited",
                value=what,
                fix="e.g. not_audited='a text dataset', or leave it out",
            )
        if what and self.audited:  # the audit would train on it: the words never said
            raise EthicLensInputError(
                "says why the audit refuses the dataset, but audited is True",
                column="not_audited",
                value=what,
                fix="set audited=False too, or leave not_audited out",
            )

    def _check_types(self) -> None:
        """Refuse, naming the field, what no face could read: a truth given as text ("no" is
        true), protected columns (or limitations) given as one string (read letter by letter) or
        no sequence, a protected column twice, a loader that is no function, and a mapping
        field given as no mapping."""
        for key in ("positive_is_favorable", "audited"):
            if not isinstance(getattr(self, key), bool | np.bool_):
                fix = f"{key}=True or False"
                raise EthicLensInputError(
                    "must be True or False", column=key, value=getattr(self, key), fix=fix
                )
        cols = self._texts("protected", "column names", "e.g. protected=('sex', 'race')")
        self._texts("limitations", "sentences", "e.g. limitations=('Sex is self-reported.',)")
        if any(prints_blank(c) for c in cols):  # '', ' ', U+200B: as a pcer_splits key
            raise EthicLensInputError(
                "an attribute's name must not be empty (it prints as nothing)",
                column="protected",
                value=cols,
                fix="name each protected column as the loader's data does, with text that "
                "prints, e.g. protected=('sex', 'race')",
            )
        _refuse_untyped(  # ' sex' or 'a,b' could never be typed after --intersect, --attribute
            cols,
            "protected",
            f"dataset entry {self.name!r}: a protected column",
            "name each protected column as it is typed, e.g. protected=('sex', 'race')",
        )
        if len(set(cols)) != len(cols):
            fix = "name each protected column once"
            raise EthicLensInputError(
                "lists a column twice", column="protected", value=cols, fix=fix
            )
        p2nia = self.p2nia_protected  # None, or the column P2NIA's experiments audit
        if p2nia is not None and not _typed_name(p2nia):
            raise EthicLensInputError(
                "must be None or the name of a protected column as it is typed (text that prints, "
                "without spaces around it, control characters or commas)",
                column="p2nia_protected",
                value=p2nia,
                fix="e.g. p2nia_protected='sex', or leave it out when P2NIA does not use it",
            )
        check_function_ref(self.loader, "loader", fix="e.g. loader='mypackage.data:load_toy'")
        for key in ("pcer_splits", "pcer_options", "p2nia_options", "feature_sets"):
            if not isinstance(getattr(self, key), Mapping):
                raise EthicLensInputError(
                    "must be a mapping (a dict)",
                    column=key,
                    value=getattr(self, key),
                    fix="e.g. {}",
                )

    def _texts(self, key: str, what: str, fix: str) -> tuple:
        """The field ``key`` as a tuple, set on the entry (read once: a generator too); one
        string (read letter by letter) or no sequence is refused, and for ``protected`` an item
        that is no column name."""
        value = getattr(self, key)
        one = isinstance(value, TEXT_LIKE) or not isinstance(value, Iterable)
        items = () if one else tuple(value)
        if one or (key == "protected" and not all(isinstance(c, str) for c in items)):
            raise EthicLensInputError(
                f"must be a sequence of {what}", column=key, value=value, fix=fix
            )
        object.__setattr__(self, key, items)
        return items

    def uses(self, purpose: str) -> bool:
        """Whether ``purpose`` (``audit``, ``pcer`` or ``p2nia``) uses this dataset."""
        if purpose == "pcer":
            return bool(self.pcer_splits)
        if purpose == "p2nia":
            return self.p2nia_protected is not None
        return purpose == "audit" and self.audited

    def resolve_loader(self) -> Callable:
        """The loader function (importing its module on first use)."""
        return resolve_function(self.loader, __package__)

    def check_features(self, features: str | None, flag: str = "features") -> str:
        """The feature set's name (``full`` when None); an unknown one is an input error."""
        name = DEFAULT_FEATURES if features is None else features
        if not isinstance(name, str) or name not in self.feature_sets:
            raise EthicLensInputError(
                f"{self.name} has no such feature set",
                column=flag,
                kind=None if flag.startswith("-") else "argument",
                value=features,
                fix=did_you_mean(features, sorted(self.feature_sets))
                + f"choose from {names_words(sorted(self.feature_sets))}",
            )
        return name

    def split(self, attribute: str) -> BinarySplit:
        """The PCER binary split of ``attribute``; an unknown one is an input error."""
        try:
            return self.pcer_splits[attribute]
        except KeyError:
            known = sorted(self.pcer_splits) or "none: PCER does not use this dataset"
            raise EthicLensInputError(
                f"no PCER setup for {self.name} and this attribute",
                column="attribute",
                value=attribute,
                fix=use_one_of(attribute, known) if self.pcer_splits else f"use one of {known}",
            ) from None

    def load(self, *, features: str | None = None, **kwargs):
        """Load the dataset (see :func:`load`)."""
        name = self.check_features(features)
        loader = self.resolve_loader()
        self._check_options(loader, kwargs)
        if len(self.feature_sets) > 1:
            kwargs["features"] = name
        ds = loader(**kwargs)
        from ._base import Dataset  # pandas: imported on loading, never on listing

        if not isinstance(ds, Dataset):  # None or a DataFrame was an AttributeError
            raise EthicLensInputError(
                f"dataset entry {self.name!r}: its loader returned a {type(ds).__name__}, "
                "not a Dataset",
                column="loader",
                value=getattr(loader, "__qualname__", None) or str(self.loader),
                fix="return ethiclens.datasets.Dataset(name=..., features=..., label=..., "
                "protected=...) from the loader",
            )
        prov = ds.provenance
        if self.source:
            prov.setdefault("source", self.source)
        if self.limitations:
            prov.setdefault("limitations", list(self.limitations))
        prov.setdefault("feature_set", name)
        return ds

    def _check_options(self, loader: Callable, kwargs: dict) -> None:
        """An option ``loader`` does not take is refused in the words of every unknown keyword
        (``_keywords.refuse_unknown``)."""
        try:
            params = inspect.signature(loader).parameters.values()
        except (TypeError, ValueError):  # a callable without a signature: it decides
            return
        if any(p.kind is p.VAR_KEYWORD for p in params):
            return
        own = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        own = [*(p for p in own if p != "features"), "features"]
        who = str(getattr(loader, "__name__", ""))  # a lambda's '<lambda>': load()
        refuse_unknown(who if who.isidentifier() else "load", kwargs, own)

    def describe(self, features: str | None = None, flag: str = "features") -> dict:
        """Rows, base rate, protected groups and provenance, as the audit loads the dataset.

        Where PCER or P2NIA load it differently (Adult's PCER runs add the test file), ``pcer``
        and ``p2nia`` give their rows and loader options; ``pcer`` also gives its two groups
        of each attribute and ``p2nia`` the protected column it audits, so the two blocks say
        what differs between the uses even when both load the same rows.

        Parameters
        ----------
        features : str, optional
            A named feature set (``full`` by default).
        flag : str
            The option to name when the feature set is unknown.
        """
        self.check_features(features, flag=flag)
        out = self.load(features=features).describe()
        rows_of: dict = {}  # one load per set of options: both uses may load the same rows
        for use, options in (("pcer", self.pcer_options), ("p2nia", self.p2nia_options)):
            if self.uses(use) and options:
                key = repr(sorted(options.items()))
                if key not in rows_of:  # P2NIA's options may choose its feature set
                    rows_of[key] = len(self.load(**{"features": features, **options}))
                out[use] = {"rows": rows_of[key], "loader_options": copy.deepcopy(dict(options))}
        if self.pcer_splits:
            splits = {a: sp.described() for a, sp in self.pcer_splits.items()}
            out.setdefault("pcer", {})["groups"] = splits
        if "p2nia" in out:  # what P2NIA audits, which the PCER block's groups do not say
            out["p2nia"]["protected"] = self.p2nia_protected
        return out


def _female_split(column: str) -> BinarySplit:
    return BinarySplit(column=column, group0="Male", group1="Female", one_values=("Female",))


def _non_white_split(column: str) -> BinarySplit:
    return BinarySplit(column=column, group0="White", group1="Non-White", zero_values=("White",))


ADULT_PAPER = ("age", "education", "occupation", "hours-per-week", "capital-gain", "capital-loss")

_BUILTIN = (
    DatasetEntry(
        name="compas",
        loader="._benchmarks:load_compas",
        description="ProPublica COMPAS two-year recidivism (positive = harmful)",
        positive_is_favorable=False,
        protected=("race", "sex"),
        pcer_splits={
            "race": BinarySplit(
                column="race",
                group0="Other",
                group1="African-American",
                one_values=("African-American",),
            )
        },
        source="ProPublica compas-analysis, compas-scores-two-years.csv",
        limitations=(
            "The label is re-arrest within two years (two_year_recid), not re-offending: "
            "arrest rates differ by group, so error-rate metrics inherit that bias.",
            "Pretrial defendants in Broward County, Florida (2013-2014), after ProPublica's "
            "filter; race is as recorded by the county, and findings need not carry to other "
            "places or years.",
        ),
        cost=1.0,
        feature_sets={
            "full": "age, priors_count, juv_fel_count, juv_misd_count, juv_other_count, "
            "c_charge_degree",
            "paper": "the PCER paper's list (§4.1: age, prior count, charge degree, juvenile "
            "offense counts): the same six columns as full",
        },
    ),
    DatasetEntry(
        name="adult",
        loader="._benchmarks:load_adult",
        description="UCI Adult income > 50K",
        positive_is_favorable=True,
        protected=("sex", "race"),
        pcer_splits={"sex": _female_split("sex"), "race": _non_white_split("race")},
        pcer_options={"include_test": True},  # closest to the paper's n = 46,033
        p2nia_protected="sex",
        source="UCI Machine Learning Repository, Adult (Becker & Kohavi 1996)",
        limitations=(
            "Extracted from the 1994 US Census: the label is income above 50,000 USD in 1994 "
            "dollars, and the data's sampling weights (fnlwgt) are not applied.",
            "Race and sex are the Census's recorded categories; the small race groups "
            "(Amer-Indian-Eskimo, Other) are reported separately unless merged.",
        ),
        cost=4.0,
        feature_sets={
            "full": "the 12 non-protected attributes (6 categorical one-hot); every row with "
            "a '?' dropped (45,222 rows with the test file)",
            "paper": "the PCER paper's list (§4.1): "
            + ", ".join(ADULT_PAPER)
            + "; rows dropped only for a '?' in a used column (46,033 rows with the test file, "
            "which this set includes by default)",
        },
    ),
    DatasetEntry(
        name="german",
        loader="._benchmarks:load_german",
        description="UCI Statlog German Credit, good credit risk",
        positive_is_favorable=True,
        protected=("sex", "age"),
        source="UCI Machine Learning Repository, Statlog (German Credit Data)",
        limitations=(
            "1,000 loan applicants from a German bank (Hofmann 1994): the label is the bank's "
            "own good/bad credit-risk classification, not observed repayment.",
            "Sex is derived from a coded personal status that mixes sex and marital status "
            "(attribute 9); code A95 (single women) never occurs in the data.",
        ),
        cost=0.5,
        feature_sets={"full": "every attribute except personal status and age"},
    ),
    DatasetEntry(
        name="acs-income",
        loader="._acs:load_acs_income",
        description="ACSIncome (folktables), Colorado 2018 by default",
        positive_is_favorable=True,
        protected=("SEX", "RAC1P"),
        pcer_splits={"sex": _female_split("SEX"), "race": _non_white_split("RAC1P")},
        pcer_options={"states": ["CO"]},  # offline; the paper pooled CA, TX and NY
        p2nia_protected="SEX",
        p2nia_options={"states": ["CO"]},
        source="American Community Survey PUMS via folktables' ACSIncome task (Ding et al. 2021)",
        limitations=(
            "American Community Survey person records (folktables' ACSIncome filter): the "
            "label is income above 50,000 USD, person weights (PWGTP) are not applied, and "
            "results describe the chosen states and year only.",
            "Race is the survey's self-reported RAC1P category; several categories are small "
            "in a single state.",
        ),
        cost=3.0,
        feature_sets={
            "full": "folktables' ACSIncome features without SEX and RAC1P (AGEP, COW, SCHL, "
            "MAR, OCCP, POBP, RELP, WKHP)",
            "paper": "the PCER paper's (§4.1: the ACSIncome task, protected attributes "
            "excluded): the same columns as full. The paper pooled CA, TX and NY subsampled "
            "to 50,000 rows; only CO and NE ship, so the rows differ",
        },
    ),
    DatasetEntry(
        name="bios",
        loader="._bios:load_bios",
        description="Bias in Bios, surgeon vs nurse subset (not shipped in the package; "
        "read from $ETHICLENS_BIOS, else shared/datasets/bios/ beside the repository)",
        positive_is_favorable=True,
        protected=("gender",),
        pcer_splits={"gender": _female_split("gender")},
        source="Bias in Bios (De-Arteaga et al. 2019)",
        limitations=(
            "The project's copy is a surgeon vs nurse subset (6,387 biographies, converted from "
            "the plkumjorn/FIND repository's data, GPL-3.0), not the PCER paper's professor vs "
            "nurse task: its numbers are not the paper's.",
            "English online biographies (Common Crawl): the label is the occupation title the "
            "biography states, and gender is binary, inferred by the dataset's authors from "
            "the pronouns in the text, not self-reported; the people are not a sample of all "
            "surgeons and nurses.",
        ),
        cost=2.0,
        audited=False,  # text: no standard audit model
        not_audited="a text dataset",
        feature_sets={
            "full": "the biography text (TF-IDF → SVD in the PCER experiments)",
            "paper": "the same text features (the paper's task is professor vs nurse; the "
            "offline copy is surgeon vs nurse)",
        },
    ),
)

_REGISTRY: Registry[DatasetEntry] = Registry(
    "dataset", DatasetEntry, "build one with ethiclens.datasets.DatasetEntry(...)"
)
for _entry in _BUILTIN:
    _REGISTRY.add_builtin(_entry)
DATASETS: dict[str, DatasetEntry] = _REGISTRY.entries  # live: name -> entry


def is_builtin(name: str) -> bool:
    """Whether ``name`` is one of the datasets that ship with EthicLens (always registered);
    what is no text (a dict, None) names none."""
    return isinstance(name, str) and _REGISTRY.is_builtin(name)


@refusing_unknown_keywords
def register(entry: DatasetEntry, *, replace: bool = False) -> DatasetEntry:
    """Add a dataset to the registry: from then on ``load``, PCER, P2NIA, provenance and sweeps
    know it.

    Parameters
    ----------
    entry : DatasetEntry
    replace : bool
        Allow replacing an entry of the same name (never a built-in one).

    Returns
    -------
    DatasetEntry
        ``entry``.
    """
    return _REGISTRY.register(entry, replace=replace)  # refuses a replace not True or False


def unregister(name: str) -> None:
    """Remove a dataset added with :func:`register` (built-in datasets cannot be removed;
    absent names are ignored).

    Parameters
    ----------
    name : str
        The registered name.
    """
    _REGISTRY.unregister(name)


@refusing_unknown_keywords
def get_entry(name: str, purpose: str | None = None, flag: str = "dataset") -> DatasetEntry:
    """The registry entry of ``name``; with ``purpose``, one that the purpose uses.

    Parameters
    ----------
    name : str
    purpose : {"audit", "pcer", "p2nia"}, optional
    flag : str
        The option (``--dataset``) or argument (``NAME``, ``dataset``) to name in the error.
    """
    known = names(purpose)  # an unknown purpose refused first (1 was an AttributeError)
    if not isinstance(flag, str):  # it names the refusal below: None had no .startswith
        problem = "must be text (the option or argument a refusal names), not"
        raise type_refusal(
            flag, problem, column="flag", fix="e.g. flag='--dataset', or leave it out"
        )
    entry = DATASETS.get(name) if isinstance(name, str) else None
    if entry is None or (purpose is not None and not entry.uses(purpose)):
        what = "unknown dataset" if entry is None else f"no {purpose.upper()} setup for it"
        raise EthicLensInputError(
            what,
            column=flag,
            value=name,
            # the one wording of a choice (_checks.choice_error), not a Python list
            fix=(did_you_mean(name, known) if entry is None else "")
            + f"use one of {choice_words(known)}",
            kind=None if flag.startswith("-") else "argument",
        )
    return entry


def names(purpose: str | None = None) -> list[str]:
    """Registered dataset names, in registration order.

    Parameters
    ----------
    purpose : {"audit", "pcer", "p2nia"}, optional
        Only the datasets this purpose uses.

    Returns
    -------
    list of str
    """
    if purpose is not None and purpose not in PURPOSES:
        raise EthicLensInputError(
            "unknown purpose",
            column="purpose",
            value=purpose,
            fix=f"one of {names_words(PURPOSES)}",
            kind="argument",
        )
    return [n for n, e in DATASETS.items() if purpose is None or e.uses(purpose)]


def entries(purpose: str | None = None) -> Iterator[DatasetEntry]:
    """Registered entries, in registration order: those of :func:`names` (``purpose`` as
    there)."""
    return (DATASETS[n] for n in names(purpose))


def load(name: str, *, features: str | None = None, **kwargs):
    """Load a dataset by its registry name (``ethiclens datasets list``).

    Parameters
    ----------
    name : str
        Registry name.
    features : str, optional
        Named feature set (``full`` by default; ``paper`` for the PCER paper's list where the
        dataset has one). An unknown name is an input error.
    **kwargs
        Passed to the dataset's loader.

    Returns
    -------
    Dataset
        With ``provenance`` holding the entry's source and limitations (unless the loader set
        its own) and the feature set's name.
    """
    return get_entry(name).load(features=features, **kwargs)


class RegistryView(Mapping):
    """A read-only mapping computed from the registry on every access, so a dataset registered
    later appears in it.

    Parameters
    ----------
    items : callable
        Returns the ``(key, value)`` pairs from the current registry.
    doc : str
        What the view maps.
    """

    def __init__(self, items: Callable, doc: str = ""):
        self._items = items
        self.__doc__ = doc

    def _current(self) -> dict:
        return dict(self._items())

    def __getitem__(self, key):
        return self._current()[key]

    def __iter__(self):
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())

    def __repr__(self) -> str:
        return repr(self._current())


P2NIA_DATASETS = RegistryView(
    lambda: [
        (e.name, (e.p2nia_protected, copy.deepcopy(dict(e.p2nia_options))))
        for e in entries("p2nia")
    ],
    "dataset -> (default protected attribute, loader keywords) of the P2NIA experiments.",
)


def entry_provenance(name: str) -> dict:
    """The source and limitation lines of a built-in entry, for its loader's provenance."""
    entry = DATASETS[name]
    return {"source": entry.source, "limitations": list(entry.limitations)}
