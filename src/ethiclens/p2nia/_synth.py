"""MST and AIM releases: select-measure-generate with Private-PGM (``mbi``).

Both always measure the marginals that the audit rests on — (A,Y), (A,Ŷ), (Y,Ŷ) and (A,Y,Ŷ),
or (A,Ŷ) when Y is not requested — plus 12 data-independent random 2-way marginals (the
paper's choice), and every measurement is charged to a zero-concentrated DP budget ρ derived
from (ε, δ). Without the forced marginals a tree model links A and Ŷ only indirectly and erases
the parity gap (0.07–0.10 against 0.18 in earlier runs).

- MST (McKenna et al. 2021): ρ/3 for all 1-way marginals, ρ/3 for selecting a spanning tree
  with the exponential mechanism (Kruskal over components, the forced cliques pre-joined),
  ρ/3 for the forced, random and tree marginals.
- AIM (McKenna et al. 2022), capped to fit an experiment: workload = the forced cliques and
  the 12 random 2-way marginals; initial round measures every 1-way marginal and the forced
  cliques (each one charged); then adaptive rounds choose a workload clique with the
  exponential mechanism (score: weighted L1 error minus expected noise), measure it, re-fit,
  and halve the noise when the model stops improving. Caps: ``AIM_MAX_ROUNDS`` rounds (AIM's
  T: a round charges 0.9·ρ/T until a halving; ``SynthSettings.aim_rounds`` sets another) and cliques
  of at most ``AIM_MAX_CELLS`` cells. A round is the last (it spends what is left) when it is
  the T-th or what is left is at most twice its charges, so AIM runs T rounds or fewer: T - 1
  or T with no noise halved (as the floating-point sums fall), fewer after a halving. The
  release states both (``_privacy.rounds`` the cap, ``rounds_run`` the rounds run).

Which features are released is the workload (:class:`SynthSettings`): ``"audit"`` (default)
releases the columns the caller names (the experiment: A, Y, Ŷ and its first
``extra_columns`` features); ``"paper"`` releases every feature of the audit data, the P2NIA
paper's §3.2 selection, the random 2-way marginals then drawn over the whole table.
"""

from __future__ import annotations

import ast
import itertools
import math
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .._checks import (
    check_count,
    check_delta,
    check_epsilon,
    check_member,
    first_row,
    label_texts,
    use_one_of,
)
from .._keywords import refusing_unknown_keywords
from .._optional import require
from .._text import distinct_numbers, number_text, printed_floats
from ..errors import EthicLensInputError, FaceFix
from ..fairness import check_bin_edges
from ..io import _headerless_fix
from ._roles import LABEL, PREDICTION

N_RANDOM_PAIRS = 12
AIM_MAX_ROUNDS = 20
AIM_MAX_CELLS = 10_000
AIM_ROUND_ITERS = 100  # warm-started refits between rounds; the final fit runs the full count
ESTIMATION_ITERS = 500
DEFAULT_DELTA = 1e-9


def cdp_rho(epsilon: float, delta: float) -> float:
    """ρ such that ρ-zCDP implies (ε, δ)-DP via ε = ρ + 2·sqrt(ρ·ln(1/δ)) (Bun & Steinke)."""
    log_d = -math.log(delta)  # not log(1/δ): 1/δ overflows to inf for a subnormal δ (1e-320)
    return (math.sqrt(log_d + epsilon) - math.sqrt(log_d)) ** 2


CONVERSION = "ε = ρ + 2·sqrt(ρ·ln(1/δ)) (Bun & Steinke 2016)"  # the manifest's words


# The smallest zCDP budget ρ MST and AIM spend. Their first step measures every one-way
# marginal of the d released columns with Gaussian noise σ = sqrt(d / (2ρ/3)); at ρ = 1e-16 and
# only the three audit columns (A, Y, Ŷ: the mildest case) σ ≈ 2·10⁸ counts, more than the
# largest n′ a request may ask (10⁸ rows), so every released table would be noise alone, and
# for ε far below (1e-300) ρ is 0 in floating point and the fit divides by it. The ε this
# allows depends on δ: about 9e-8 at the default δ = 1e-9 (GRR refuses three binary columns
# below about 6e-4: the inverse of its response matrices loses its digits first).
MIN_RHO = 1e-16


def min_epsilon(delta: float) -> float:
    """The smallest ε whose ρ (:func:`cdp_rho`) at ``delta`` reaches :data:`MIN_RHO`."""
    return MIN_RHO + 2 * math.sqrt(MIN_RHO * -math.log(delta))


def check_budget(epsilon: float, delta: float, where: str = "epsilon", mechanism="MST/AIM"):
    """Refuse an ε too small for a synthesiser to measure anything (:data:`MIN_RHO`)."""
    if cdp_rho(epsilon, delta) >= MIN_RHO:
        return
    floor = min_epsilon(delta)
    raise EthicLensInputError(
        f"ε = {number_text(epsilon)} is too small for {mechanism}: at δ = {number_text(delta)} "
        f"it leaves a zCDP budget ρ below {MIN_RHO:g}, so the noise on every measured count "
        "(σ > 10⁸) would swamp any n′",
        column=where,
        fix=f"give ε >= {_at_least(floor)} (at δ = {number_text(delta)}), e.g. 0.1 or more",
    )


def _at_least(floor: float) -> str:
    """A floor to two significant digits, rounded up: an ε so given is taken (9.1046e-08 as
    9.2e-08; ``:.1e``'s 9.1e-08 is below the floor, itself refused)."""
    from decimal import ROUND_CEILING, Decimal

    exact = Decimal(floor)
    up = exact.quantize(Decimal(1).scaleb(exact.adjusted() - 1), rounding=ROUND_CEILING)
    return f"{float(up):.1e}"


class _Budget:
    def __init__(self, rho):
        self.total, self.used, self.log = rho, 0.0, []

    def charge(self, rho, what):
        self.used += rho
        self.log.append((what, rho))


class _Marginals:
    """Data marginals counted with numpy (mbi's JAX projection compiles a program per clique
    shape; hundreds of them exhaust the process's memory maps).

    mbi sees every attribute as its position (:meth:`coded`): mbi orders cliques and sampled
    columns by iterating sets of attributes, and string hashes change with every process
    (``PYTHONHASHSEED``), integer ones never, so a seed gives one release in every process.
    """

    def __init__(self, data: dict, sizes: dict):
        self.data, self.sizes, self._cache = data, sizes, {}
        self.position = {c: i for i, c in enumerate(sizes)}

    def coded(self, clique) -> tuple:
        """The clique as mbi sees it: the attributes' positions."""
        return tuple(self.position[c] for c in clique)

    def __call__(self, clique) -> np.ndarray:
        if clique not in self._cache:
            flat = np.zeros(len(next(iter(self.data.values()))), dtype=np.int64)
            for c in clique:
                flat = flat * self.sizes[c] + self.data[c]
            size = math.prod(self.sizes[c] for c in clique)
            self._cache[clique] = np.bincount(flat, minlength=size).astype(float)
        return self._cache[clique]


def _measure(mbi, data, clique, sigma, rng, budget):
    x = data(clique)
    budget.charge(1 / (2 * sigma**2), f"measure {clique}")
    return mbi.LinearMeasurement(x + rng.normal(0, sigma, x.size), data.coded(clique), sigma)


def _estimate(mbi, data, measurements, warm=None, iters=ESTIMATION_ITERS):
    estimation = require("mbi.estimation", extra="synth")
    domain = mbi.Domain(list(range(len(data.sizes))), list(data.sizes.values()))  # by position
    return estimation.MirrorDescent().estimate(domain, measurements, iters=iters, warm_start=warm)


def _measured(measurements, attrs) -> list:
    """The measured cliques by attribute name (mbi holds them by position)."""
    return [tuple(attrs[i] for i in m.clique) for m in measurements]


def measured_cell_covariance(manifest: dict, shape) -> np.ndarray | None:
    """Covariance of the least-squares estimate of the released (A, [Y,] Ŷ) cells (``shape``,
    in that order) from the measurements the manifest's ``_privacy`` charges (each a marginal
    with Gaussian noise σ² = 1/(2ρ)); None when those marginals do not pin every cell."""
    roles = manifest["roles"]
    axes = [roles["protected"]] + ([roles["label"]] if roles["label"] else [])
    axes.append(roles["prediction"])
    priv = manifest["columns"].get("_privacy") or {}
    idx = np.indices(shape).reshape(len(shape), -1)
    info = np.zeros((idx.shape[1], idx.shape[1]))
    for what, rho in priv.get("charges", []):
        clique = what.removeprefix("measure ")
        if clique == what or not _is_tuple_of(clique, axes) or not rho > 0:
            continue  # a selection step, or a marginal with a feature column
        cols = [axes.index(c) for c in ast.literal_eval(clique)]
        rows = np.ravel_multi_index(idx[cols], [shape[c] for c in cols])
        q = np.zeros((int(rows.max()) + 1, idx.shape[1]))
        q[rows, np.arange(idx.shape[1])] = 1
        info += 2 * rho * q.T @ q  # 1/σ² = 2ρ
    if np.linalg.matrix_rank(info) < len(info):
        return None
    return np.linalg.inv(info)


def _is_tuple_of(text: str, names) -> bool:
    """Whether ``text`` is a tuple literal of names, every one in ``names``."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False
    return isinstance(value, tuple) and all(v in names for v in value)


def check_edges(col: str, edges) -> np.ndarray:
    """Bin edges: two or more finite numbers, strictly increasing, text read as the command
    line reads it (``"0,25,45"``): the audit's check and words
    (:func:`ethiclens.fairness.check_bin_edges`)."""
    return np.asarray(check_bin_edges(edges, f"--bins {col}"), dtype=float)


def _bin(col, values, edges, open_bins):
    """Codes and labels of [e_i, e_{i+1}) bins (the last one closed); values outside the edges
    are refused, or fall into open-ended bins with ``open_bins``."""
    x = np.asarray(printed_floats(values), dtype=float)  # float32 0.7 is binned as 0.7
    e = distinct_numbers(edges)  # exactly as given: 1234567, not 1.23457e+06
    infinite = np.isinf(x)  # no finite edge reaches them: "end the edges at or above inf"
    if infinite.any() and not open_bins:
        first = int(np.argmax(infinite))
        raise EthicLensInputError(
            f"{int(infinite.sum())} infinite value(s){first_row(first)}: no bin edge (a "
            "finite number) covers them",
            column=col,
            value=number_text(x[first]),
            fix="drop or correct those rows before the release, or pass --open-bins to put "
            "them in the open-ended bins at the ends (recorded in the manifest)",
        )
    if not open_bins:
        if np.min(x) < edges[0] or np.max(x) > edges[-1]:
            lo, hi = number_text(np.min(x)), number_text(np.max(x))  # 65.0000001 past 65
            raise EthicLensInputError(
                f"bin edges {e[0]}..{e[-1]} do not cover the data (min {lo}, max {hi}); "
                "values outside would be put in the wrong bin",
                column=f"--bins {col}",
                fix=f"start the edges at or below {lo} and end them at or above {hi}, or "
                "pass --open-bins for open-ended bins at both ends (recorded in the manifest)",
            )
        codes = np.clip(np.searchsorted(edges, x, side="right") - 1, 0, len(edges) - 2)
        return codes, bin_labels(edges), {"bins": edges.tolist()}
    codes = np.searchsorted(edges, x, side="right")  # 0: below, len(edges): at or above last
    return codes, bin_labels(edges, True), {"bins": edges.tolist(), "open_ended": True}


def bin_labels(edges, open_bins: bool = False) -> list[str]:
    """The released values of a column binned at ``edges`` (the manifest's domain): ``[e_i,
    e_{i+1})``, the last bin closed, or with ``open_bins`` ``< e_0`` and ``>= e_last`` at the
    ends (the last inner bin then half-open)."""
    e = distinct_numbers(np.asarray(edges, dtype=float))
    inner = [f"[{e[i]}, {e[i + 1]})" for i in range(len(e) - 2)]
    if not open_bins:
        return [*inner, f"[{e[-2]}, {e[-1]}]"]
    return [f"< {e[0]}", *inner, f"[{e[-2]}, {e[-1]})", f">= {e[-1]}"]


MAX_CATEGORIES = 20  # distinct values a column is released as categories


def column_domains(data, columns, discretization, open_bins=False) -> dict:
    """The released domains of the category columns among ``columns``, from the whole audit
    ``data`` given to the release (every column checked there as :func:`_discretize` checks
    it): a refusal, or a column's values, never depend on the rows the seed draws."""
    meta = _discretize(data, columns, discretization, open_bins)[1]
    domains = {c: meta[c]["domain"] for c in columns if "bins" not in meta[c]}
    for col, labels in domains.items():
        # a release's domain is published as the data spells it; the experiments' fits
        # (fit_and_sample, the paper's workload: adult's native-country) write no manifest
        if len(labels) > MAX_CATEGORIES:
            raise EthicLensInputError(
                f"{len(labels)} distinct values: a category column's values are written "
                "into the manifest as the data holds them (not under DP), so an identifier "
                f"or free text would publish every row's value; at most {MAX_CATEGORIES} are "
                "released",
                column=col,
                fix=f"map {col} to at most {MAX_CATEGORIES} categories first (e.g. rare "
                "values as 'other'), or drop it from the columns",
            )
    return domains


def _discretize(rows, columns, discretization, open_bins=False, domains=None):
    """Each column's codes and description; a category's domain from ``domains`` where given
    (the whole data's: :func:`column_domains`), else from ``rows``."""
    out, meta = {}, {}
    for col in columns:
        if col not in rows.columns:
            raise EthicLensInputError(
                "not in the audit data",
                column=col,
                fix=_headerless_fix(
                    list(rows.columns), "the audit data", col, use_one_of(col, rows.columns, 15)
                ),
            )
        values = rows[col]
        if values.isna().any():
            raise EthicLensInputError("missing values", column=col, fix="drop or impute them")
        numeric = pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_bool_dtype(values)
        if col in discretization:
            codes, meta[col] = _binned(col, values, discretization[col], numeric, open_bins)
        elif numeric and values.nunique() > MAX_CATEGORIES:
            raise EthicLensInputError(
                f"continuous column without a discretization ({values.nunique()} distinct "
                f"numbers; at most {MAX_CATEGORIES} are released as categories)",
                column=col,
                fix=f"pass bin edges for it (CLI --bins {col}=<edges>, Python "
                f"discretization={{{col!r}: [edges]}}), or drop it from the columns",
            )
        else:
            text = _category_text(values)  # the codes' and the domain's text: one rule
            labels = (domains or {}).get(col) or sorted(set(text.unique()))
            if len(labels) < 2:  # a release's column holds two or more values
                raise EthicLensInputError(
                    f"the data holds a single value {labels[0]!r}: the released column "
                    "would tell nothing",
                    column=col,
                    fix=f"drop {col} from --columns",
                )
            codes = pd.Categorical(text, categories=labels).codes
            meta[col] = {"domain": labels, "k": len(labels)}
        out[col] = np.asarray(codes).astype(int)
    return out, meta


def _category_text(values: pd.Series) -> pd.Series:
    """A category column's values as released: their text, -0.0 as 0.0 (one number; the
    domain was taken from pd.unique, which holds one of them, while the codes' text held both:
    a code of -1 then crashed the synthesiser's counts)."""
    if pd.api.types.is_float_dtype(values):
        values = values + 0.0  # -0.0 + 0.0 is 0.0
    elif values.dtype == object:
        values = values.map(lambda v: v + 0.0 if isinstance(v, float) else v)
    try:
        return values.astype(str)
    except ValueError:  # a whole number past Python's int-to-text limit, refused named
        label_texts(pd.unique(values), values.name)
        raise


def _binned(col, values, bins, numeric: bool, open_bins: bool):
    """A column cut at its given bin edges: its codes and manifest entry (two bins or more)."""
    if not numeric:
        raise EthicLensInputError(
            "bins given for a non-numeric column",
            column=col,
            fix=FaceFix(  # Python's words; the command line's its flag
                f"drop {col!r} from discretization: its values are released as categories",
                f"drop --bins {col}: its values are released as categories",
            ),
        )
    edges = check_edges(col, bins)
    codes, labels, extra = _bin(col, values, edges, open_bins)
    if len(labels) < 2:  # a release's column holds two or more values
        raise EthicLensInputError(
            f"bin edges {labels[0]} make a single bin: the released column would hold one value",
            column=f"--bins {col}",
            value=bins,
            fix=f"give three or more edges (e.g. --bins {col}=0,40,100), or pass --open-bins",
        )
    return codes, {"domain": labels, "k": len(labels), **extra}


WORKLOADS = ("audit", "paper")


@dataclass(frozen=True)
class SynthSettings:
    """What one MST/AIM fit spends and measures.

    Parameters
    ----------
    epsilon, delta : float
        The (ε, δ)-DP guarantee, spent as the zCDP budget ρ of :func:`cdp_rho`.
    workload : {"audit", "paper"}
        ``"audit"`` (default): the columns the caller names, AIM capped at ``AIM_MAX_ROUNDS``
        rounds. ``"paper"``: the P2NIA paper's §3.2 selection, every feature of the audit data
        released (the four forced marginals plus 12 random 2-way marginals over the whole
        table); AIM's rounds as ``aim_rounds`` says.
    aim_rounds : int, optional
        The cap on AIM's adaptive rounds (the last one spends what is left, and may come
        a round or more early: see the module's notes); default ``AIM_MAX_ROUNDS``.
    force : bool
        Measure the audit's marginals; ``False`` only for the ablation (the plain mechanism).
    open_bins : bool
        Open-ended bins at both ends of every discretised column.
    """

    epsilon: float
    delta: float = DEFAULT_DELTA
    workload: str = "audit"
    aim_rounds: int | None = None
    force: bool = True
    open_bins: bool = False

    def __post_init__(self):
        check_member(
            self.workload, WORKLOADS, column="workload", problem="unknown synthesiser workload"
        )
        if self.aim_rounds is not None:
            fix = "e.g. aim_rounds=20, or None for the default cap"
            check_count(self.aim_rounds, "aim_rounds", fix=fix)
        check_budget(check_epsilon(self.epsilon, "epsilon"), check_delta(self.delta, "delta"))

    @classmethod
    def of(cls, settings) -> SynthSettings:
        """``settings`` itself, or the defaults at ε = ``settings`` when it is a number."""
        return settings if isinstance(settings, cls) else cls(epsilon=float(settings))

    @property
    def rounds(self) -> int:
        """AIM's cap on adaptive rounds (read at fit time, so ``AIM_MAX_ROUNDS`` can be
        lowered)."""
        return self.aim_rounds if self.aim_rounds is not None else AIM_MAX_ROUNDS


@refusing_unknown_keywords(init=True)  # AuditColumns(typo=...): audit()'s refusal
@dataclass(frozen=True)
class AuditColumns:
    """The rows a synthesiser is fitted on, with their roles: group codes ``a`` (indices into
    ``domain``), labels ``y`` (``None`` when not released), predictions ``yhat``, and the
    feature ``columns`` released beside them, binned by ``discretization``; ``domains`` the
    released values of each category column (the whole audit data's; default: those of
    ``rows``)."""

    rows: pd.DataFrame
    protected: str
    domain: list
    a: np.ndarray
    y: np.ndarray | None
    yhat: np.ndarray
    columns: list = field(default_factory=list)
    discretization: dict = field(default_factory=dict)
    domains: dict = field(default_factory=dict)  # categories' domains (the whole data's)


def release_synthetic(fitter, request, drawn: AuditColumns, rng, open_bins=False):
    """Fit ``fitter`` (:func:`fit_mst`, :func:`fit_aim`: the registered mechanism's) on the
    drawn rows and sample the released table."""
    settings = SynthSettings(request.epsilon, request.delta or DEFAULT_DELTA, open_bins=open_bins)
    with _private_pgm() as mbi:
        fitted = _fit(mbi, fitter, settings, drawn, rng)
        table = fitted.sample(len(drawn.a), rng)
    cols = {c: fitted.meta[c] for c in fitted.attrs}
    cols["_privacy"] = fitted.info
    return table, cols


# The experiment's audit frame: the label and the platform's prediction beside the features.
EXPERIMENT_ROLES = ("_y", "_pred")


def experiment_columns(audit, protected, groups, columns, bins, workload="audit") -> AuditColumns:
    """The experiment's audit frame (label ``_y``, prediction ``_pred``) as fitting input.

    ``columns``: the released features; with the ``"paper"`` workload every feature column of
    ``audit`` instead. The experiment's ``bins`` list edges for columns that are categorical in
    some datasets: only continuous columns (more than 20 values) are binned, as in the recorded
    runs.
    """
    if workload == "paper":
        columns = [c for c in audit.columns if c != protected and c not in EXPERIMENT_ROLES]
    bins = {c: e for c, e in bins.items() if c in columns and audit[c].nunique() > 20}
    return AuditColumns(
        rows=audit,
        protected=protected,
        domain=list(groups),
        a=pd.Categorical(audit[protected].astype(str), categories=groups).codes,
        y=audit["_y"].to_numpy(),
        yhat=audit["_pred"].to_numpy(),
        columns=list(columns),
        discretization=bins,
    )


def fit_and_sample(fitter, settings: SynthSettings, drawn: AuditColumns, sizes, rng) -> dict:
    """Experiment helper: fit once on ``drawn``, sample every size (no files)."""
    with _private_pgm() as mbi:
        fitted = _fit(mbi, fitter, settings, drawn, rng)
        return {n: fitted.sample(n, rng) for n in sizes}


JAX_SETTINGS = {"jax_enable_x64": True, "jax_enable_compilation_cache": False}
_ONE_FIT = threading.Lock()  # JAX's settings and NumPy's global generator are the process's


@contextmanager
def _private_pgm():
    """``mbi`` with the JAX settings it needs (float64; no compilation cache: many small
    programs), the caller's restored after, as NumPy's global generator (importing JAX draws
    from it): a release leaves a notebook's JAX and NumPy as they were. One fit at a time in
    a process: a release in another thread neither resets them under it nor draws from it."""
    with _ONE_FIT:
        state = np.random.get_state()
        try:
            jax = require("jax", extra="synth")
            saved = {k: getattr(jax.config, k) for k in JAX_SETTINGS}
            for k, v in JAX_SETTINGS.items():
                jax.config.update(k, v)
            try:
                yield require("mbi", extra="synth")
            finally:
                for k, v in saved.items():
                    jax.config.update(k, v)
        finally:
            np.random.set_state(state)


@contextmanager
def _seeded_global_numpy(rng):
    """Private-PGM draws from NumPy's global generator (in estimation and sampling); it is
    seeded from ``rng`` for each of those steps, so a seed gives one release, and restored
    after. Seeding each step, not the whole fit once: the first fit in a process also draws
    from it while JAX sets up, and would shift the draws of the sampling after it."""
    state = np.random.get_state()
    np.random.seed(int(rng.integers(2**32)))
    try:
        yield
    finally:
        np.random.set_state(state)


@dataclass
class _Fitted:
    """A fitted graphical model and what decoding its samples needs."""

    model: object
    meta: dict
    attrs: list
    extra: dict
    protected: str
    info: dict

    def sample(self, rows: int, rng) -> pd.DataFrame:
        """``rows`` synthetic rows drawn from the model, decoded."""
        with _seeded_global_numpy(rng):
            return self.decode(self.model.synthetic_data(rows=rows).to_dict())

    def decode(self, synth) -> pd.DataFrame:
        """Sampled codes back to the released values (group and feature labels)."""
        table = {}
        for i, c in enumerate(self.attrs):
            codes = np.asarray(synth[i], int)  # mbi holds attributes by position
            labelled = c == self.protected or c in self.extra
            table[c] = [self.meta[c]["domain"][i] for i in codes] if labelled else codes
        return pd.DataFrame(table)


def _encode(drawn: AuditColumns, open_bins: bool):
    """Codes and domains of every attribute: A, (Y,) Ŷ, then the released features."""
    prot = drawn.protected
    data = {prot: np.asarray(drawn.a, int)}
    meta = {prot: {"domain": drawn.domain, "k": len(drawn.domain)}}
    for role, codes in ((LABEL, drawn.y), (PREDICTION, drawn.yhat)):  # Y only when released
        if codes is not None:
            data[role], meta[role] = np.asarray(codes, int), {"domain": [0, 1], "k": 2}
    features = [c for c in drawn.columns if c != prot]
    extra, extra_meta = _discretize(
        drawn.rows, features, drawn.discretization, open_bins, drawn.domains
    )
    data.update(extra)
    meta.update(extra_meta)
    return data, meta, extra


def _fit(mbi, fitter, settings: SynthSettings, drawn: AuditColumns, rng) -> _Fitted:
    data, meta, extra = _encode(drawn, settings.open_bins)
    attrs = list(data)
    dom = mbi.Domain(attrs, [meta[c]["k"] for c in attrs])
    dataset = _Marginals(data, {c: meta[c]["k"] for c in attrs})
    # the forced cliques (the audit's marginals) and the 12 random 2-way marginals, drawn from
    # ``rng`` among every other pair of attributes (none for the ablation)
    prot = drawn.protected
    forced = (
        [(prot, LABEL, PREDICTION), (prot, LABEL), (prot, PREDICTION), (LABEL, PREDICTION)]
        if drawn.y is not None
        else [(prot, PREDICTION)]
    )
    pairs = [p for p in itertools.combinations(attrs, 2) if p not in forced]
    picks = rng.choice(len(pairs), size=min(N_RANDOM_PAIRS, len(pairs)), replace=False)
    random_pairs = [pairs[i] for i in sorted(picks)]
    if not settings.force:  # ablation only: the plain mechanism, without the audit's marginals
        forced, random_pairs = [], []
    budget = _Budget(cdp_rho(settings.epsilon, settings.delta))
    workload = _Workload(forced, random_pairs, settings.rounds)
    with _seeded_global_numpy(rng):
        model, measured = fitter(mbi, dataset, dom, workload, budget, rng)
    if budget.used > budget.total * (1 + 1e-9):
        raise AssertionError(f"budget overspent: {budget.used} > {budget.total}")
    info = {
        "zcdp_rho": budget.total,
        "rho_spent": budget.used,
        "delta": settings.delta,
        "conversion": CONVERSION,
        "measured_marginals": [list(m) for m in measured],
        "forced_marginals": [list(f) for f in forced],
        "random_2way_marginals": [list(p) for p in random_pairs],
        "charges": [[w, r] for w, r in budget.log],
    }
    return _Fitted(model, meta, attrs, extra, drawn.protected, info)


@dataclass(frozen=True)
class _Workload:
    """What a mechanism must measure: the forced cliques, the random 2-way marginals, and
    AIM's cap on adaptive rounds."""

    forced: list
    random_pairs: list
    rounds: int


def fit_mst(mbi, data, dom, workload: _Workload, budget, rng):
    attrs, forced = list(dom.attributes), workload.forced
    rho = budget.total
    sigma1 = math.sqrt(len(attrs) / (2 * rho / 3))
    ones = [_measure(mbi, data, (c,), sigma1, rng, budget) for c in attrs]
    # Selection: a spanning tree over components, forced cliques' attributes pre-joined.
    comp = {c: c for c in attrs}

    def find(c):
        while comp[c] != c:
            c = comp[c]
        return c

    for clique in forced:
        for c in clique[1:]:
            comp[find(c)] = find(clique[0])
    estimates = {
        attrs[m.clique[0]]: np.clip(np.asarray(m.noisy_measurement), 0, None) for m in ones
    }
    n = len(next(iter(data.data.values())))
    rounds = len({find(c) for c in attrs}) - 1
    tree = []
    if rounds > 0:
        eps_sel = math.sqrt(8 * (rho / 3) / rounds)
        for _ in range(rounds):
            cands = [(i, j) for i, j in itertools.combinations(attrs, 2) if find(i) != find(j)]
            scores = []
            for i, j in cands:
                pi = estimates[i] / max(estimates[i].sum(), 1)
                pj = estimates[j] / max(estimates[j].sum(), 1)
                actual = data((i, j))
                scores.append(np.abs(actual - n * np.outer(pi, pj).ravel()).sum())
            scores = np.asarray(scores)
            logits = 0.5 * eps_sel * (scores - scores.max())  # sensitivity 1
            prob = np.exp(logits) / np.exp(logits).sum()
            i, j = cands[rng.choice(len(cands), p=prob)]
            budget.charge(eps_sel**2 / 8, f"select {(i, j)}")
            comp[find(j)] = find(i)
            tree.append((i, j))
    final = list(dict.fromkeys(forced + workload.random_pairs + tree))
    sigma3 = math.sqrt(len(final) / (2 * (budget.total - budget.used)))
    measured = [_measure(mbi, data, cl, sigma3, rng, budget) for cl in final]
    model = _estimate(mbi, data, ones + measured)
    return model, _measured(ones + measured, attrs)


def fit_aim(mbi, data, dom, workload: _Workload, budget, rng):
    attrs, forced, rounds = list(dom.attributes), workload.forced, workload.rounds
    rho = budget.total
    # The candidates are the paper's marginals (forced + 12 random 2-way): scoring every 2-way
    # marginal each round makes JAX compile one program per clique and model, which exhausts
    # the process's memory maps within minutes (an earlier crash).
    candidates = list(dict.fromkeys(forced + workload.random_pairs))
    candidates = [w for w in candidates if math.prod(dom[c] for c in w) <= AIM_MAX_CELLS]
    initial = [(c,) for c in attrs] + forced
    # Initial round: 10% of ρ over every initial clique, each measurement charged.
    sigma0 = math.sqrt(len(initial) / (2 * 0.1 * rho))
    measurements = [_measure(mbi, data, cl, sigma0, rng, budget) for cl in initial]
    model = _estimate(mbi, data, measurements)
    sigma = math.sqrt(rounds / (2 * 0.9 * rho * 0.5))  # per-round share, annealed below
    eps = math.sqrt(8 * 0.9 * rho * 0.5 / rounds)
    for r in range(rounds):
        remaining = rho - budget.used
        last = r == rounds - 1 or remaining <= 2 * (1 / (2 * sigma**2) + eps**2 / 8)
        if last:  # spend what is left: half on selection, half on the measurement
            eps = math.sqrt(8 * 0.1 * remaining)
            sigma = math.sqrt(1 / (2 * 0.9 * remaining))
        scores = []
        for cl in candidates:
            x = data(cl)
            xh = np.asarray(model.project(data.coded(cl)).datavector())
            cells = x.size
            scores.append(np.abs(x - xh).sum() - math.sqrt(2 / math.pi) * sigma * cells)
        scores = np.asarray(scores)
        logits = 0.5 * eps * (scores - scores.max())
        prob = np.exp(logits) / np.exp(logits).sum()
        cl = candidates[rng.choice(len(candidates), p=prob)]
        budget.charge(eps**2 / 8, f"select {cl}")
        before = np.asarray(model.project(data.coded(cl)).datavector())
        measurements.append(_measure(mbi, data, cl, sigma, rng, budget))
        model = _estimate(
            mbi, data, measurements, warm=model, iters=ESTIMATION_ITERS if last else AIM_ROUND_ITERS
        )
        after = np.asarray(model.project(data.coded(cl)).datavector())
        if last:
            break
        # AIM's annealing: if the new measurement barely moved the model, measure more finely.
        if np.abs(after - before).sum() <= math.sqrt(2 / math.pi) * sigma * before.size:
            sigma, eps = sigma / 2, eps * 2
    return model, _measured(measurements, attrs)
