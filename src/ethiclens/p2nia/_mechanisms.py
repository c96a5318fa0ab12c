"""P2NIA release mechanisms as one registry: one class per mechanism, registered by name.

A mechanism turns the platform's n′ drawn rows into a released table and the manifest's column
descriptions (:meth:`Mechanism.release`), checks those descriptions when a manifest is read
(:meth:`Mechanism.validate_columns`), and tells the auditor how to read the table back: the
estimate of the true (A, Y, Ŷ) joint from the released one (:meth:`Mechanism.joint`, the
identity for a table that is itself an estimate of the data, the inverse of the response
matrices for GRR) and how to draw bootstrap replicates of the released cells
(:meth:`Mechanism.draw`). The request, the manifest validation, ``release``, ``estimate``, the
CLI and the experiment all look mechanisms up here; an unknown name is an input error that lists
the registered ones.

Accounting (issue 17): ``record`` (every mechanism) states ε for the whole record; GRR splits it
evenly over the released columns (sequential composition). ``per-column`` (GRR only; the P2NIA
paper's §3.2 setup) randomises each released column at the full ε, so the record is k·ε-LDP
for k released columns; the manifest states that record-level ε.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import math
import sys
import warnings

import numpy as np
import pandas as pd

from .._checks import EPSILON_PAST, past_float_range
from .._keywords import refusing_unknown_keywords
from .._registry import Registry, check_entry_name
from .._text import as_seen
from .._version import __version__
from ..errors import EthicLensInputError
from ..fairness import draw_cell_counts, draw_dirichlet_cells
from . import _grr, _synth
from ._common import (
    EPSILON_MAX,
    MANIFEST,
    _bad,
    _close,
    _is_number,
    article,
    check_delta,
    check_epsilon,
    manifest_number,
    number_text,
    sum_text,
)
from ._metrics import NEEDS_Y
from ._roles import LABEL, PREDICTION

RECORD, PER_COLUMN = "record", "per-column"
# Below this chance of a GRR release holding no row of a group, a group no released row holds
# is refused as added after the release (Mechanism.group_floor)
PHANTOM_GROUP_P = 1e-12
ACCOUNTINGS = (RECORD, PER_COLUMN)


class Mechanism:
    """The interface every P2NIA mechanism implements.

    Attributes
    ----------
    name : str
        Registry key, written into requests and manifests.
    needs_delta : bool
        Whether the guarantee is (ε, δ) (a default δ is used when the request gives none).
    accountings : tuple of str
        Accounting choices it supports (``"record"`` always).
    extra_columns : bool
        Whether feature columns beyond A, Y, Ŷ can be released (``--columns``/``--bins``).
    ci_method : str
        How :meth:`draw` resamples the released cells, named in every interval.
    interval_leaves_out : str or None
        What the intervals do not cover, in words for the line of each interval (MST/AIM:
        the mechanism's noise); None: they cover the mechanism's noise.
    fresh_process : bool
        Whether an experiment runs each of its tasks in a fresh worker process. Private-PGM's
        JAX programs accumulate in a long-lived process until compilation fails ("LLVM
        compilation error: Cannot allocate memory" after about 19 MST/AIM fits on Adult).
    """

    name: str = ""
    needs_delta: bool = False
    accountings: tuple = (RECORD,)
    extra_columns: bool = False
    fresh_process: bool = False
    ci_method: str = "jeffreys (Dirichlet(cells + 1/2) draws per released group, percentile)"
    interval_leaves_out: str | None = None

    def release(self, request, drawn: _synth.AuditColumns, rng, open_bins: bool = False):
        """Released table (DataFrame) and the manifest's ``columns`` object.

        ``drawn``: the audit rows drawn for the release with their roles
        (:class:`AuditColumns`: group codes ``a`` into ``domain``, labels ``y`` or None,
        predictions ``yhat``, feature ``columns`` and their ``discretization``); ``rng``: the
        release's generator; ``open_bins``: whether bins are open-ended. A mechanism written
        for the earlier ten-argument form still runs (``release_with``), with a
        DeprecationWarning."""
        raise NotImplementedError

    def validate_columns(self, manifest: dict, request: dict, released: list, data_cols: list):
        """Refuse (``_common._bad``) column descriptions that contradict the request."""

    def validate_table(self, manifest: dict, table: pd.DataFrame) -> None:
        """Refuse (``_common._bad``) a manifest that the released ``table`` (its values inside
        the manifest's domains) shows this mechanism did not write."""

    def group_floor(self, manifest: dict) -> tuple[float, str] | None:
        """The least probability with which each released row holds any one group of the
        protected attribute, whatever the data, and why in words (GRR: ``"ε = 1 over 3
        groups"``); None where there is none (a synthetic table may hold no row of a group
        the data has few of). Below :data:`PHANTOM_GROUP_P` of a release holding none, a group
        no released row holds is refused as added to the manifest after the release."""
        return None

    def check_request(self, request: dict) -> None:
        """Refuse a request (its checked fields) that this mechanism cannot serve."""

    # what an ε above EPSILON_MAX would do, in this mechanism's terms
    too_much_epsilon = "it would add next to no noise (no privacy at all)"

    def checked_epsilon(self, value, where: str = "--epsilon") -> float:
        """A request's ε (:func:`check_epsilon`); one above ``EPSILON_MAX`` is refused saying
        what this mechanism would do with it (:attr:`too_much_epsilon`)."""
        if past_float_range(value) and value > 0:  # 1e400, 10**400: above, shown as written
            problem = f"{EPSILON_PAST}: {self.name.upper()} {self.too_much_epsilon}"
            fix = f"give ε <= {EPSILON_MAX:g}"
            raise EthicLensInputError(problem, column=where, value=value, fix=fix)
        try:
            above = _is_number(value) and float(value) > EPSILON_MAX
        except OverflowError:  # an integer below -10**308: check_epsilon says so
            above = False
        if above and math.isfinite(eps := float(value)):
            raise EthicLensInputError(  # ε as typed (every digit), not 10000 rounded
                f"ε = {number_text(eps)} is above {EPSILON_MAX:g}: {self.name.upper()} "
                f"{self.too_much_epsilon}",
                column=where,
                fix=f"give ε <= {EPSILON_MAX:g}",
            )
        return check_epsilon(value, where)

    def record_epsilon(self, request: dict, released: list) -> float:
        """The record-level ε the release spends (what budget tracking adds up)."""
        return float(request["epsilon"])

    def delta_used(self, manifest: dict) -> float | None:
        """The δ the release's guarantee uses (None for a pure ε guarantee), from a manifest
        or, while it is built, from its ``delta`` (the request's) and ``columns``."""
        return manifest.get("delta") if self.needs_delta else None

    def joint(self, observed: np.ndarray, manifest: dict) -> np.ndarray:
        """Estimate of the true joint from released joint(s) of shape (..., |A|, [2,] 2)."""
        return observed

    def clipped_share(self, observed: np.ndarray, manifest: dict) -> float | None:
        """The mass that :meth:`joint` clipped to make the estimate a distribution, in units
        of the released rows (None: it clips nothing; GRR: the debiased cells below 0, whose
        mass at a small ε can be many times the rows: no share of them)."""
        return None

    def unclipped(self, observed: np.ndarray, manifest: dict) -> np.ndarray | None:
        """The estimate of the true joint before it was made a distribution (GRR: the debiased
        joint, with its cells below 0), or None where :meth:`joint` clips nothing."""
        return None

    def empty_group_se(self, manifest: dict, rows: int) -> float | None:
        """The standard error of a group's debiased size (the unclipped marginal of the
        protected attribute, in rows) when the data holds none of its rows, over ``rows``
        released rows; None where the mechanism's noise has no closed form."""
        return None

    def noise_draws(self, counts, manifest, n_boot, rng) -> np.ndarray | None:
        """Draws of the mechanism's own noise on the released cells, shape
        (n_boot, *counts.shape), added to :meth:`draw`'s replicates; None: the draws already
        hold it (GRR's resample of the randomised rows) or nothing is known of it."""
        return None

    def draw(self, counts: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
        """Replicates of the released cell counts, shape (n_boot, *counts.shape).

        Default: the audit core's Jeffreys draws per released group (the table is read as data).
        """
        flat = counts.reshape(counts.shape[0], -1).astype(float)
        draws = draw_dirichlet_cells(flat, flat.sum(axis=1), n_boot, rng)
        return draws.reshape(n_boot, *counts.shape)


_REGISTRY: Registry[Mechanism] = Registry(
    "mechanism",
    Mechanism,
    "subclass ethiclens.p2nia.Mechanism and set name",
    reserved=("blackbox",),  # the baseline, not a release mechanism
)


@refusing_unknown_keywords
def register_mechanism(mechanism: Mechanism, *, replace: bool = False) -> Mechanism:
    """Register ``mechanism`` under ``mechanism.name`` (refused if the name is taken, unless
    ``replace``; a built-in mechanism cannot be replaced). The name follows every registry's
    rule (non-empty, no commas: ``--mechanisms`` lists names comma-separated; no spaces
    around it, no control or format characters), and differs from every other mechanism's
    in more than case and unseen characters (a Hangul filler): releases, estimates and
    reports show it in capitals ("a GRR release"), so ``Grr`` would read as the built-in
    ``grr``."""
    _REGISTRY.check_free(mechanism, replace=replace)  # a built-in name refused as one, first
    fix = "subclass ethiclens.p2nia.Mechanism and set name, e.g. name = 'my-mechanism'"
    check_entry_name(mechanism.name, "mechanism", fix=fix)
    shown = as_seen(mechanism.name).upper()  # as a reader sees it: no spaces around, no Cf
    for other in (*_REGISTRY.names(), *_REGISTRY.reserved):
        if other != mechanism.name and as_seen(other).upper() == shown:
            how = (
                "case"
                if other.upper() == mechanism.name.upper()
                else "case, spaces or unseen characters"
            )
            raise EthicLensInputError(
                f"differs from the mechanism {other!r} only in {how}: releases, estimates and "
                f"reports show both as {shown}",
                column=mechanism.name,
                kind="mechanism",
                fix=f"choose a name that differs in more than {how}",
            )
    return _REGISTRY.register(mechanism, replace=replace)


def unregister_mechanism(name: str) -> None:
    """Remove a mechanism registered at run time (absent names are ignored; removing a
    built-in is an error)."""
    _REGISTRY.unregister(name)


def mechanism_names() -> list[str]:
    """Registered mechanisms, built-ins first (``grr``, ``mst``, ``aim``)."""
    return _REGISTRY.names()


@refusing_unknown_keywords
def get_mechanism(name, where: str = "name") -> Mechanism:
    """The registered mechanism ``name``; an unknown name lists the registered ones, a near
    miss first ('GRR': "did you mean 'grr'?")."""
    return _REGISTRY.get(name, where)


# ---------------------------------------------------------------------------------------------
# GRR


class GRR(Mechanism):
    """Generalised randomised response on A, (Y,) Ŷ only; the auditor debiases exactly."""

    name = "grr"
    accountings = (RECORD, PER_COLUMN)
    too_much_epsilon = (
        "would keep every value with probability 1 − e^-ε (no privacy at all) and the "
        "arithmetic overflows"
    )
    ci_method = (
        "percentile bootstrap over released rows (multinomial over the released joint's "
        "cells), each replicate debiased through the GRR response matrices"
    )

    def release(self, request, drawn, rng, open_bins=False):
        released = [(request.protected, drawn.a, drawn.domain)]
        if request.needs_label:
            released.append((LABEL, drawn.y, [0, 1]))
        released.append((PREDICTION, drawn.yhat, [0, 1]))
        k = len(released)
        per_column = request.accounting == PER_COLUMN
        eps_col = request.epsilon if per_column else request.epsilon / k
        table, cols = {}, {}
        for name, codes, dom in released:
            noisy = _grr.randomize(codes, eps_col, len(dom), rng)
            table[name] = [dom[i] for i in noisy] if name == request.protected else noisy
            cols[name] = {
                "domain": dom,
                "k": len(dom),
                "epsilon": eps_col,
                "keep_probability": _grr.keep_probability(eps_col, len(dom)),
            }
        cols["_composition"] = _composition(k, request.epsilon, per_column)
        return pd.DataFrame(table), cols

    def check_request(self, request):
        """Refuse an ε too small for the auditor to invert the response matrices: the request
        is refused at once, not the estimate after a release (groups not listed count as two,
        the mildest case; the estimate checks the released count)."""
        domain, eps = request["protected_domain"], request["epsilon"]
        sizes = [len(domain) if domain else 2, 2]
        if any(NEEDS_Y[m] for m in request["metrics"]):
            sizes.append(2)
        per_column = eps if request["accounting"] == PER_COLUMN else eps / len(sizes)
        factors = [  # a share that underflows to 0: the matrix of ε = 0, every row alike
            _grr.response_matrix(per_column, k) if per_column > 0 else np.full((k, k), 1 / k)
            for k in sizes
        ]
        _grr.check_invertible(factors, eps, "--epsilon")

    def record_epsilon(self, request, released):
        k = len(released)
        return float(request["epsilon"]) * (k if request["accounting"] == PER_COLUMN else 1)

    def validate_columns(self, manifest, request, released, data_cols):
        cols, eps = manifest["columns"], float(request["epsilon"])
        if sorted(data_cols) != sorted(released):
            raise _bad(f"a GRR release has exactly the columns {released}", "columns", data_cols)
        total = 0.0
        for name in released:
            at = f"columns.{name}."
            e = manifest_number(check_epsilon, cols[name].get("epsilon"), at + "epsilon")
            kp = cols[name].get("keep_probability")
            if not _is_number(kp) or not _close(
                kp, _grr.keep_probability(e, len(cols[name]["domain"]))
            ):
                problem = "keep probability does not match the column's ε"
                raise _bad(problem, at + "keep_probability", kp)
            if request["accounting"] == PER_COLUMN and not _close(e, eps):
                problem = (
                    f"per-column accounting flips every column at the full ε = {number_text(eps)}"
                )
                raise _bad(problem, at + "epsilon", e)
            total += e
        if not _close(total, self.record_epsilon(request, released)):
            raise _bad(
                f"per-column ε sum to {sum_text(total, len(released))}, not the release's ε = "
                f"{number_text(eps)}"
                + (" times the released columns" if request["accounting"] == PER_COLUMN else ""),
                "columns",
                total,
            )
        said, per_column = cols.get("_composition"), request["accounting"] == PER_COLUMN
        # a release written before round 47 stated it with ':g' (1.23457-LDP): still its own
        stated = {_composition(len(released), eps, per_column, shown) for shown in (sum_text, _g)}
        if said not in stated:
            raise _bad(
                "the composition is not the one this release's ε and accounting state",
                "columns._composition",
                said,
            )
        share = eps / len(released)  # a record-level ε is split evenly: an uneven split debiases
        for name in released:  # through the wrong response matrices
            e = cols[name]["epsilon"]
            if request["accounting"] == RECORD and not _close(e, share):
                raise _bad(
                    f"record accounting splits ε = {number_text(eps)} evenly over the "
                    f"{len(released)} released columns: each is flipped at ε = {sum_text(share)}",
                    f"columns.{name}.epsilon",
                    e,
                )

    def group_floor(self, manifest):
        """Each row reports each group with probability at least q = (1 − p)/(k − 1), p the
        protected column's keep probability, whatever its true group."""
        col = manifest["columns"][manifest["roles"]["protected"]]
        k = len(col["domain"])
        q = (1 - _grr.keep_probability(col["epsilon"], k)) / (k - 1)
        return q, f"ε = {sum_text(col['epsilon'])} over {k} groups"

    def _debiased(self, observed, manifest) -> np.ndarray:
        """Each released joint through the inverse of the Kronecker product of the response
        matrices (one matrix inverse for every replicate), one row per joint: unbiased, with
        cells below 0 where the noise outweighs them."""
        labelled = bool(manifest["roles"]["label"])
        shape = observed.shape[-3:] if labelled else observed.shape[-2:]  # (|A|, [2,] 2)
        sizes = [shape[0]] + [2] * (2 if labelled else 1)  # Y and Ŷ: 2 values, whatever the shape
        cols, prot = manifest["columns"], manifest["roles"]["protected"]
        names = [prot] + ([LABEL] if labelled else []) + [PREDICTION]
        mats = [_grr.response_matrix(cols[c]["epsilon"], sizes[i]) for i, c in enumerate(names)]
        flat = observed.reshape(-1, int(np.prod(shape)))
        eps = manifest["epsilon"]
        return _grr.solve_response(mats, flat.T, eps, f"{MANIFEST}:epsilon", "key").T

    def joint(self, observed, manifest):
        """Debias each released joint (:meth:`_debiased`) and project each onto the simplex."""
        raw = self._debiased(observed, manifest)
        return _grr.project_rows_to_simplex(raw).reshape(observed.shape)

    def unclipped(self, observed, manifest):
        """The debiased joint (:meth:`_debiased`), cells below 0 kept."""
        return self._debiased(observed, manifest).reshape(observed.shape)

    def empty_group_se(self, manifest, rows):
        """√(n′·q·(1 − q)) / (p − q), p and q = (1 − p)/(k − 1) the protected column's keep
        and flip-to-each probabilities (:meth:`group_floor`): a group with no rows is reported
        as each of n′ rows with probability q, and its debiased size (c − n′·q)/(p − q) has
        this spread."""
        q = self.group_floor(manifest)[0]
        p = 1 - (len(manifest["columns"][manifest["roles"]["protected"]]["domain"]) - 1) * q
        return math.sqrt(rows * q * (1 - q)) / (p - q)

    def clipped_share(self, observed, manifest):
        """The debiased joint's mass below 0 (the sum of its negative cells, in units of the
        released rows: above 1 when the noise outweighs the table): what the projection onto
        the simplex clipped to 0, taking as much from the other cells."""
        raw = self._debiased(observed, manifest)
        return float(np.clip(-raw, 0, None).sum())

    def draw(self, counts, n_boot, rng):
        """Multinomial resample of all n′ released rows over the joint's cells: the released
        group sizes are themselves noisy, so no stratification by released group."""
        flat = counts.reshape(1, -1)
        return draw_cell_counts(flat, n_boot, rng).reshape(n_boot, *counts.shape)


def _g(x: float) -> str:
    return f"{x:g}"


def _composition(k: int, epsilon: float, per_column: bool, shown=sum_text) -> str:
    """A GRR manifest's ``_composition``: how the record's ``k`` columns compose, ε with the
    digits it was given (:func:`sum_text`: 1.2345678 over 3 columns is 0.4115226 each, the
    record 1.2345678-LDP; ``:g``'s 1.23457 states a budget no one gave)."""
    eps_col = epsilon if per_column else epsilon / k
    said, full = ("per-column accounting: ", "the full ") if per_column else ("", "")
    record = k * eps_col if per_column else epsilon
    return (
        f"{said}each record's {k} columns are randomised independently with {full}ε = "
        f"{shown(eps_col)} each; by sequential composition the record is {shown(record)}-LDP"
    )


# ---------------------------------------------------------------------------------------------
# MST and AIM (select-measure-generate with Private-PGM, see _synth)


class _Synthesiser(Mechanism):
    """MST and AIM: fitted on the drawn rows, sampled into the released table (``_synth``).
    ``Settings`` is :class:`~ethiclens.p2nia._synth.SynthSettings`, what :meth:`fit_and_sample`
    takes: ε, δ, the workload (``"audit"`` or the P2NIA paper's ``"paper"``) and AIM's rounds."""

    Settings = _synth.SynthSettings
    needs_delta = True
    too_much_epsilon = (
        "would measure its marginals with next to no Gaussian noise (no privacy at all)"
    )
    extra_columns = True
    fresh_process = True
    ci_method = (
        "jeffreys (Dirichlet(cells + 1/2) draws per released group, percentile) on the "
        "synthetic table plus Gaussian draws of the mechanism's measurement noise (parametric, "
        "from the manifest's budget charges)"
    )
    interval_leaves_out = (
        "the interval adds the mechanism's measurement noise but not the bias of the model "
        "fitted to it: at a small ε it may cover the true value less often than its level"
    )

    def noise_draws(self, counts, manifest, n_boot, rng):
        """Gaussian draws of the measurement noise on the released (A, [Y,] Ŷ) cells: the
        covariance of the least-squares estimate of those cells from every measured marginal
        of them (σ² = 1/(2ρ) from each measurement's charge in the manifest), a parametric
        bootstrap of the noise the synthetic table inherits (marginals with feature columns
        are left out: the interval errs wide)."""
        cov = _synth.measured_cell_covariance(manifest, counts.shape)
        if cov is None:
            return None
        draws = rng.multivariate_normal(np.zeros(len(cov)), cov, size=n_boot, method="eigh")
        return draws.reshape(n_boot, *counts.shape)

    def release(self, request, drawn, rng, open_bins=False):
        return _synth.release_synthetic(self.fit, request, drawn, rng, open_bins=open_bins)

    def fit_and_sample(self, settings, audit, protected, groups, columns, bins, sizes, rng):
        """Experiment helper: fit once on the audit data, sample every size (no files).

        ``settings``: a :class:`SynthSettings` (ε, δ, workload, AIM's rounds), or ε alone for
        the defaults. With the ``"paper"`` workload every feature column of ``audit`` is
        released and ``columns`` is not read.
        """
        settings = self.Settings.of(settings)
        drawn = _synth.experiment_columns(
            audit, protected, groups, columns, bins, settings.workload
        )
        return _synth.fit_and_sample(self.fit, settings, drawn, sizes, rng)

    def check_request(self, request):
        """Refuse an ε too small for the synthesiser to measure anything (``MIN_RHO``): the
        request at once, an old request file when it is released."""
        delta = request["delta"] or _synth.DEFAULT_DELTA
        _synth.check_budget(request["epsilon"], delta, "--epsilon", self.name.upper())

    def delta_used(self, manifest):
        """The δ the synthesiser used: the request's, else its default (``_privacy``)."""
        priv = manifest["columns"].get("_privacy")
        return priv.get("delta") if isinstance(priv, dict) else manifest.get("delta")

    def validate_columns(self, manifest, request, released, data_cols):
        cols, eps, mech = manifest["columns"], float(request["epsilon"]), self.name
        priv, at = cols.get("_privacy"), "columns._privacy."
        if not isinstance(priv, dict):
            raise _bad(
                f"{article(mech)} {mech.upper()} release must describe its budget",
                "columns._privacy",
            )
        used_delta = manifest_number(check_delta, priv.get("delta"), at + "delta")
        delta = request["delta"] if manifest["delta"] is None else manifest["delta"]
        if delta is not None and used_delta != delta:
            raise _bad("δ used differs from the release's δ", at + "delta", used_delta)
        if request["delta"] is None and used_delta != _synth.DEFAULT_DELTA:
            default = _synth.DEFAULT_DELTA
            problem = f"the request gave no δ, so the release used the default δ = {default:g}"
            raise _bad(problem, at + "delta", used_delta)
        rho, spent = priv.get("zcdp_rho"), priv.get("rho_spent")
        if not _is_number(rho) or not _close(rho, _synth.cdp_rho(eps, used_delta)):
            problem = (
                f"ρ does not follow from ε = {number_text(eps)} and δ = {number_text(used_delta)}"
            )
            raise _bad(problem, at + "zcdp_rho", rho)
        if not _is_number(spent) or not _close(spent, rho):
            problem = f"{article(mech)} {mech.upper()} release spends its whole budget ρ = {rho:g}"
            raise _bad(problem, at + "rho_spent", spent)
        if priv.get("conversion") != _synth.CONVERSION:
            problem = f"the conversion is {_synth.CONVERSION!r}"
            raise _bad(problem, at + "conversion", priv.get("conversion"))
        _check_marginals(priv, manifest["roles"], data_cols)
        _check_charges(priv, spent)
        self.check_schedule(
            priv["charges"], rho, data_cols, priv["forced_marginals"], priv.get("rounds")
        )

    def check_schedule(
        self, charges: list, rho: float, attrs: list, forced: list, rounds=None
    ) -> None:
        """Refuse (``_common._bad``) budget charges that this mechanism's steps cannot give
        (``rounds``: the ``_privacy.rounds`` the release states, AIM's)."""


def _check_marginals(priv: dict, roles: dict, data_cols: list) -> None:
    """``measured_marginals`` and ``forced_marginals`` as a release writes them: lists of the
    released columns, the forced ones the audit's marginals of the roles, all measured, and
    every column measured alone first, in the columns' order."""
    where = "columns._privacy."
    for key in ("measured_marginals", "forced_marginals"):
        value = priv.get(key)
        if not isinstance(value, list) or not all(
            isinstance(m, list) and m and all(c in data_cols for c in m) for m in value
        ):
            raise _bad(f"{key} must be a list of lists of released columns", where + key, value)
    a, y, yhat = roles["protected"], roles["label"], roles["prediction"]
    forced = [[a, y, yhat], [a, y], [a, yhat], [y, yhat]] if y else [[a, yhat]]
    if priv["forced_marginals"] != forced:
        problem = f"a release forces the audit's marginals {forced}"
        raise _bad(problem, where + "forced_marginals", priv["forced_marginals"])
    pairs = [list(p) for p in itertools.combinations(data_cols, 2) if list(p) not in forced]
    drawn = priv.get("random_2way_marginals")
    if (
        not isinstance(drawn, list)
        or len(drawn) != min(_synth.N_RANDOM_PAIRS, len(pairs))
        or any(p not in pairs for p in drawn)
        or [pairs.index(p) for p in drawn] != sorted({pairs.index(p) for p in drawn})
    ):
        raise _bad(
            f"a release draws {min(_synth.N_RANDOM_PAIRS, len(pairs))} distinct pairs of "
            "released columns besides the forced ones, in the columns' order",
            where + "random_2way_marginals",
            drawn,
        )
    measured = priv["measured_marginals"]
    if measured[: len(data_cols)] != [[c] for c in data_cols] or any(
        f not in measured for f in forced
    ):
        raise _bad(
            "a release measures every column alone first, then the forced marginals "
            f"{forced} among others",
            where + "measured_marginals",
            measured,
        )


def _check_charges(priv: dict, spent) -> None:
    """The ``_privacy`` charges the estimate's measurement noise is drawn from: each
    ``[what, ρ]`` with ρ > 0, a measurement of a marginal in ``measured_marginals``, adding up
    to ``rho_spent`` (a tampered charge changed the intervals, or crashed the estimate)."""
    # every MST/AIM release writes its charges: a manifest without the key is one emptied
    charges, where = priv.get("charges", []), "columns._privacy.charges"
    if not isinstance(charges, list):
        raise _bad("the budget charges must be a list of [step, ρ]", where, charges)
    # lists of released columns (names: strings), as _check_marginals checked before
    measured = priv["measured_marginals"]
    cliques = {str(tuple(m)) for m in measured}
    for i, item in enumerate(charges):
        ok = isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
        # a finite float's range: an int past it (10**400) was fsum's OverflowError traceback
        if not ok or not _is_number(item[1]) or not 0 < item[1] <= sys.float_info.max:
            raise _bad("a budget charge must be [step, ρ > 0]", f"{where}[{i}]", item)
        clique = item[0].removeprefix("measure ")
        if clique != item[0] and clique not in cliques:
            raise _bad("a charge measures a marginal not in measured_marginals", where, item)
    total = math.fsum(rho for _, rho in charges)
    if not _close(total, spent):
        raise _bad(f"the budget charges add up to ρ = {total:g}, not rho_spent", where, spent)
    steps = [what.removeprefix("measure ") for what, _ in charges if what.startswith("measure ")]
    if steps != [str(tuple(m)) for m in measured]:
        raise _bad(
            "a release charges each measured marginal once, in measured_marginals' order",
            where,
            steps,
        )


def _off_schedule(mech: str, rule: str, charges: list, i: int):
    """The refusal of the charge ``i`` (or of the list, past its end) that ``rule`` of the
    mechanism ``mech``'s steps rules out."""
    where = "columns._privacy.charges" + (f"[{i}]" if i < len(charges) else "")
    return _bad(
        f"the budget charges do not follow {mech.upper()}'s steps: {rule}",
        where,
        charges[i] if i < len(charges) else len(charges),
    )


def _charged(charges: list, i: int, step: str, rho: float) -> bool:
    """Whether charge ``i`` is a ``step`` ("measure", "select") of ρ = ``rho``."""
    return i < len(charges) and charges[i][0].startswith(f"{step} ") and _close(charges[i][1], rho)


class MST(_Synthesiser):
    name = "mst"
    fit = staticmethod(_synth.fit_mst)

    def check_schedule(self, charges, rho, attrs, forced, rounds=None):
        """MST's steps: ρ/3 over the d one-way marginals (ρ/(3d) each), ρ/3 over the tree's
        selections (equal shares; none when the forced marginals join every column), and what
        is left over the final marginals (equal shares)."""
        d = len(attrs)
        for i in range(d):
            if not _charged(charges, i, "measure", rho / (3 * d)):
                rule = f"each of the {d} one-way marginals is charged ρ/(3·{d}) = {rho / 3 / d:g}"
                raise _off_schedule(self.name, rule, charges, i)
        selects = sum(
            1 for _ in itertools.takewhile(lambda c: c[0].startswith("select "), charges[d:])
        )
        final = len(charges) - d - selects
        left = rho * (2 / 3 if selects == 0 else 1 / 3)
        for i in range(d, len(charges)):
            share = rho / 3 / selects if i < d + selects else left / max(final, 1)
            step = "select" if i < d + selects else "measure"
            if not _charged(charges, i, step, share):
                rule = f"the {step} steps share {'ρ/3' if step == 'select' else f'{left:g}'} evenly"
                raise _off_schedule(self.name, rule, charges, i)
        if final == 0:
            raise _off_schedule(self.name, "the final marginals are measured", charges, d)


class AIM(_Synthesiser):
    name = "aim"
    fit = staticmethod(_synth.fit_aim)

    def release(self, request, drawn, rng, open_bins=False):
        """The synthetic release, its ``_privacy`` stating AIM's cap on adaptive rounds
        (``rounds``: ``AIM_MAX_ROUNDS``; a release sets no other, and a manifest stating another
        is refused), which its charges are replayed against when the manifest is read, and the
        rounds it ran (``rounds_run``, its selections). AIM stops once what is left pays for at
        most two rounds: with no noise halved that is the cap or one round fewer (as the
        floating-point sums fall), fewer after a halving."""
        table, cols = super().release(request, drawn, rng, open_bins)
        cols["_privacy"]["rounds"] = _synth.AIM_MAX_ROUNDS
        cols["_privacy"]["rounds_run"] = _rounds_run(cols["_privacy"]["charges"])
        return table, cols

    def validate_columns(self, manifest, request, released, data_cols):
        """The synthesisers' checks, then ``rounds_run`` (stated by releases since round 36;
        an older one has none) against the rounds the charges ran."""
        super().validate_columns(manifest, request, released, data_cols)
        priv = manifest["columns"]["_privacy"]
        if "rounds_run" in priv:
            ran, stated = _rounds_run(priv["charges"]), priv["rounds_run"]
            if type(stated) is not int or stated != ran:
                raise _bad(
                    f"an AIM release states the adaptive rounds its charges ran ({ran})",
                    "columns._privacy.rounds_run",
                    stated,
                )

    def check_schedule(self, charges, rho, attrs, forced, rounds=None):
        """AIM's steps: 0.1·ρ over the one-way and forced marginals (equal shares), then at
        most ``rounds`` rounds of a selection and a measurement charged alike (0.45·ρ/rounds,
        times 4 when the noise is halved), the last round spending what is left, 1/10 on its
        selection. A round is the last when it is the ``rounds``-th, or when what is left is at
        most twice its charges (:func:`_synth.fit_aim`): an earlier end, or a round after that
        point, is no run of AIM (rounds folded into one final measurement narrow the
        intervals). A manifest without ``rounds`` was written before releases stated them, by
        a build running the same cap: its charges are replayed against the cap."""
        rounds = _stated_rounds(rounds)
        first = len(attrs) + len(forced)
        initial = [f"measure {(c,)}" for c in attrs] + [f"measure {tuple(f)}" for f in forced]
        for i in range(first):
            named = i < len(charges) and charges[i][0] == initial[i]
            if not named or not _charged(charges, i, "measure", 0.1 * rho / first):
                rule = f"the one-way then the forced marginals come first, 0.1·ρ/{first} each"
                raise _off_schedule(self.name, rule, charges, i)
        pairs = [charges[i : i + 2] for i in range(first, len(charges), 2)]
        if len(pairs) > rounds:
            rule = f"it runs at most the {rounds} rounds its manifest states"
            raise _off_schedule(self.name, rule, charges, first + 2 * rounds)
        # added up in the fit's order, as the fit does
        used = functools.reduce(lambda total, charge: total + charge[1], charges[:first], 0.0)
        prev = None
        for j, pair in enumerate(pairs):
            i = first + 2 * j
            sel = pair[0][1] if pair[0][0].startswith("select ") else None
            last = j == len(pairs) - 1
            if sel is None or not _charged(charges, i + 1, "measure", 9 * sel if last else sel):
                rule = "each round charges a selection and a measurement alike (the last 1:9)"
                raise _off_schedule(self.name, rule, charges, i)
            if not last and prev is not None and not (_close(sel, prev) or _close(sel, 4 * prev)):
                raise _off_schedule(
                    self.name, "a round charges its previous or 4 times", charges, i
                )
            if j == 0 and not last and not _close(sel, 0.45 * rho / rounds):
                rule = f"the first of its {rounds} rounds is charged 0.45·ρ/{rounds}"
                raise _off_schedule(self.name, rule, charges, i)
            cost = 2 * (0.45 * rho / rounds if prev is None else prev)  # the previous round's
            _check_round_end(self.name, charges, i, rho - used, cost, (j, rounds, last))
            prev = sel
            used = used + pair[0][1] + pair[1][1]
        if not pairs:
            raise _off_schedule(self.name, "it measures at least one round", charges, first)


def _rounds_run(charges: list) -> int:
    """AIM's adaptive rounds in a release's charges: one selection each."""
    return sum(1 for what, _ in charges if what.startswith("select "))


def _stated_rounds(rounds) -> int:
    """The cap on adaptive rounds an AIM manifest states, checked: this build's cap (what
    every release of it states); none stated (a release from before they were) is the cap."""
    where = "columns._privacy.rounds"
    if rounds is None:
        return _synth.AIM_MAX_ROUNDS
    if type(rounds) is not int or rounds < 1:
        problem = "an AIM release states its adaptive rounds, a whole number of at least 1"
        raise _bad(problem, where, rounds)
    if rounds != _synth.AIM_MAX_ROUNDS:
        raise _bad(
            f"an AIM release runs {_synth.AIM_MAX_ROUNDS} adaptive rounds, the cap of "
            f"ethiclens {__version__}",
            where,
            rounds,
            "ask the platform for the original release; one written by another EthicLens "
            f"version is to be released again by a platform running ethiclens {__version__}",
        )
    return rounds


def _check_round_end(mech: str, charges: list, i: int, left: float, cost: float, at) -> None:
    """Refuse round ``j`` (``at``: ``(j, rounds, last)``, its charges from ``i``) that ends
    AIM's run where the fit does not, or goes on where it stops: with ``left`` of ρ before
    it, the fit stops once ``left`` is at most twice a round's charges, ``cost`` before the
    round (the previous round's) or 4 times it once the noise was halved."""
    j, rounds, last = at
    if not last and left <= 2 * math.fsum(c[1] for c in charges[i : i + 2]) * (1 - 1e-9):
        rule = (
            f"round {j + 1} of {rounds} is the last: what is left (ρ = {left:g}) is at most "
            "twice its charges, and the last round spends it"
        )
        raise _off_schedule(mech, rule, charges, i)
    most = 2 * cost * (4 if j else 1)  # no halving before the first round
    if last and j < rounds - 1 and left > most * (1 + 1e-9):
        rule = (
            f"the last round comes early (round {j + 1} of {rounds}) while ρ = {left:g} is "
            f"left, more than twice what the round before it let a round charge ({most:g})"
        )
        raise _off_schedule(mech, rule, charges, i)


for _mech in (GRR(), MST(), AIM()):
    _REGISTRY.add_builtin(_mech)


# the parameters of the ten-argument form of ``Mechanism.release`` (before AuditColumns)
_OLD_RELEASE = ("request", "rows", "a", "y", "yhat", "domain", "columns", "discretization")


def release_with(mech: Mechanism, request, drawn: _synth.AuditColumns, rng, open_bins=False):
    """``mech.release(request, drawn, rng, open_bins)``; a registered mechanism that still
    implements the earlier ten-argument form gets its arguments spread out, with a
    DeprecationWarning (the form is accepted until the next minor release)."""
    params = list(inspect.signature(mech.release).parameters)
    if params[: len(_OLD_RELEASE)] != list(_OLD_RELEASE):
        return mech.release(request, drawn, rng, open_bins)
    warnings.warn(
        f"mechanism {mech.name!r}: release(request, rows, a, y, yhat, domain, columns, "
        "discretization, rng, open_bins) is deprecated; implement "
        "release(request, drawn, rng, open_bins) with drawn an AuditColumns",
        DeprecationWarning,
        stacklevel=3,
    )
    d = drawn
    args = (d.rows, d.a, d.y, d.yhat, d.domain, d.columns, d.discretization)
    return mech.release(request, *args, rng, open_bins)
