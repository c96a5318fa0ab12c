"""The P2NIA protocol as files: the auditor's request, the platform's release, the estimate.

1. Auditor: :func:`make_request` (n′, protected attribute, metrics, mechanism, ε, δ).
2.–5. Platform: :func:`release` labels nothing new (it passes its data with labels Y and its
   model's predictions Ŷ), applies the mechanism, and :func:`write_release` writes the table
   and a manifest (mechanism, ε, δ, per-column domains and parameters, row count, library
   version, SHA-256 of the table and of the manifest).
6. Auditor: :func:`read_release` verifies both hashes; :func:`estimate` computes DP, EO, EOpp
   with bootstrap intervals and says which mechanism and budget they rest on.

The hashes detect a table or manifest changed after release (integrity, not authentication:
anyone can recompute a SHA-256; signing would need keys the protocol does not assume).
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import check_seed as _check_seed
from .._version import __version__
from ..errors import EthicLensInputError
from . import _grr
from ._metrics import METRICS, NEEDS_Y, joint_from_codes, metrics_from_joint
from ._roles import LABEL, PREDICTION

REQUEST_FORMAT = "ethiclens-p2nia-request/1"
RELEASE_FORMAT = "ethiclens-p2nia-release/1"
MECHANISMS = ("grr", "mst", "aim")
TABLE, MANIFEST = "release.csv", "manifest.json"


@dataclass
class AuditRequest:
    n: int
    protected: str
    metrics: list = field(default_factory=lambda: list(METRICS))
    mechanism: str = "grr"
    epsilon: float = 1.0
    delta: float | None = None
    protected_domain: list | None = None  # the auditor's public knowledge of the groups
    track_budget: bool = False  # ask the platform to record the cumulative budget spent

    def __post_init__(self):
        checked = validate_request({k: v for k, v in self.to_dict().items() if k != "format"})
        for key, value in checked.items():
            setattr(self, key, value)

    @property
    def needs_label(self) -> bool:
        return any(NEEDS_Y[m] for m in self.metrics)

    def to_dict(self) -> dict:
        return {
            "format": REQUEST_FORMAT,
            "n": self.n,
            "protected": self.protected,
            "protected_domain": self.protected_domain,
            "metrics": self.metrics,
            "mechanism": self.mechanism,
            "epsilon": self.epsilon,
            "delta": self.delta,
            "track_budget": self.track_budget,
        }

    @classmethod
    def from_dict(cls, d: dict) -> AuditRequest:
        return cls(**validate_request(d, "--request"))


def make_request(
    n,
    protected,
    *,
    metrics=METRICS,
    mechanism="grr",
    epsilon=1.0,
    delta=None,
    protected_domain=None,
    track_budget=False,
) -> AuditRequest:
    if protected_domain is not None and not isinstance(protected_domain, str):
        protected_domain = [
            str(g) if isinstance(g, (int, np.integer)) and not isinstance(g, bool) else g
            for g in protected_domain
        ]
    return AuditRequest(
        n,
        protected,
        list(metrics) if isinstance(metrics, (list, tuple)) else metrics,
        mechanism,
        epsilon,
        delta,
        protected_domain,
        track_budget,
    )


@dataclass
class Release:
    table: pd.DataFrame
    manifest: dict


def _binary_column(values: pd.Series, name: str) -> np.ndarray:
    if values.isna().any():
        raise EthicLensInputError("missing values", column=name, fix="drop those rows")
    uniq = set(pd.unique(values).tolist())
    if not uniq <= {0, 1}:
        raise EthicLensInputError(
            f"must be 0/1, found {sorted(map(str, uniq))[:5]}", column=name, fix="recode to 0/1"
        )
    return values.astype(int).to_numpy()


def _sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _manifest_digest(manifest: dict) -> str:
    body = {k: v for k, v in manifest.items() if k != "manifest_sha256"}
    return _sha256_bytes(json.dumps(body, sort_keys=True).encode())


def release(
    request: AuditRequest,
    data: pd.DataFrame,
    y_true: str,
    y_pred: str,
    *,
    columns=None,
    discretization=None,
    random_state=None,
    open_bins: bool = False,
) -> Release:
    """The platform's side: draw n′ rows (without replacement), apply the mechanism.

    Parameters
    ----------
    data : DataFrame
        The platform's audit data: features, the protected column, labels and predictions.
    y_true, y_pred : str
        Label and prediction columns (0/1).
    columns : list of str, optional
        Extra feature columns to release (synthetic mechanisms only; GRR releases only what
        the request needs, and refuses extra columns rather than ignoring them).
    discretization : dict, optional
        Bin edges for numeric extra columns (required for each numeric column released).
        Edges must be strictly increasing and cover the data.
    open_bins : bool
        Add open-ended bins below the first and above the last edge instead of refusing data
        outside the edges (recorded in the manifest as ``open_ended``).
    """
    if not isinstance(request, AuditRequest):
        raise EthicLensInputError(
            "release() needs an AuditRequest",
            column="request",
            fix="create it with make_request or AuditRequest.from_dict",
        )
    random_state = check_seed(random_state)
    if not isinstance(data, pd.DataFrame):
        raise EthicLensInputError("the audit data must be a DataFrame", column="--data")
    dupes = sorted({str(c) for c in data.columns[data.columns.duplicated()]})
    if dupes:
        raise EthicLensInputError(
            "columns repeated in the audit data",
            column=dupes[0],
            fix="give every column a unique name",
        )
    if request.needs_label and y_true is None:
        raise EthicLensInputError(
            f"metrics {request.metrics} need the label Y, which is not released",
            column="--y-true",
            fix="pass --y-true, or request only dp",
        )
    roles = [request.protected, y_pred] + ([y_true] if request.needs_label else [])
    if len(set(roles)) != len(roles):
        raise EthicLensInputError(
            "the protected, label and prediction columns must differ",
            column="--y-pred",
            value=roles,
            fix="name three different columns",
        )
    for col in roles:
        if col not in data.columns:
            raise EthicLensInputError(
                "not in the audit data", column=col, fix=f"use one of {list(data.columns)[:15]}"
            )
    columns = _check_extra_columns(request, columns, discretization, roles, y_true)
    discretization = discretization or {}
    if request.n > len(data):
        raise EthicLensInputError(
            f"n′ = {request.n} exceeds the {len(data)} audit rows; rows are drawn without "
            "replacement and never duplicated",
            column="n",
            value=request.n,
            fix=f"request at most {len(data)} rows",
        )
    rng = np.random.default_rng(random_state)
    rows = data.iloc[np.sort(rng.choice(len(data), size=request.n, replace=False))]
    groups = rows[request.protected]
    if groups.isna().any():
        raise EthicLensInputError(
            "missing group values", column=request.protected, fix="drop or label those rows"
        )
    domain = request.protected_domain or sorted(map(str, pd.unique(data[request.protected])))
    domain = [str(v) for v in domain]
    if len(domain) < 2:
        raise EthicLensInputError(
            "the protected attribute has a single value",
            column=request.protected,
            value=domain,
            fix="audit an attribute with two or more groups",
        )
    outside = sorted(set(groups.astype(str)) - set(domain))
    if outside:
        raise EthicLensInputError(
            f"values {outside} are outside the requested domain",
            column=request.protected,
            value=domain,
            fix="request every group of the attribute (--groups)",
        )
    a = pd.Categorical(groups.astype(str), categories=domain).codes
    yhat = _binary_column(rows[y_pred], y_pred)
    y = _binary_column(rows[y_true], y_true) if request.needs_label else None
    if request.mechanism == "grr":
        table, cols = _release_grr(request, a, y, yhat, domain, rng)
    else:
        from ._synth import release_synthetic

        table, cols = release_synthetic(
            request, rows, a, y, yhat, domain, columns, discretization, rng, open_bins=open_bins
        )
    manifest = {
        "format": RELEASE_FORMAT,
        "mechanism": request.mechanism,
        "epsilon": request.epsilon,
        "delta": request.delta,
        "rows": len(table),
        "columns": cols,
        "roles": {
            "protected": request.protected,
            "label": LABEL if request.needs_label else None,
            "prediction": PREDICTION,
        },
        "request": request.to_dict(),
        "library": f"ethiclens {__version__}",
        "domain_source": (
            "request"
            if request.protected_domain
            else "audit data (the group values themselves are disclosed)"
        ),
    }
    open_cols = [c for c, m in cols.items() if isinstance(m, dict) and m.get("open_ended")]
    if open_cols:
        manifest["open_ended_bins"] = open_cols
    return Release(table, manifest)


def _check_extra_columns(request, columns, discretization, roles, y_true) -> list:
    if columns is None:
        columns = []
    if isinstance(columns, str) or not isinstance(columns, (list, tuple)):
        raise EthicLensInputError(
            "columns must be a list of column names",
            column="--columns",
            value=columns,
            fix="e.g. --columns age,education",
        )
    columns = list(columns)
    if discretization is not None and not isinstance(discretization, dict):
        raise EthicLensInputError(
            "bins must map a column to its edges",
            column="--bins",
            value=discretization,
            fix="e.g. --bins age=0,25,45,65,120",
        )
    if request.mechanism == "grr" and (columns or discretization):
        raise EthicLensInputError(
            "GRR releases only the request's columns; extra columns and bins apply to mst/aim",
            column="--columns" if columns else "--bins",
            fix="drop --columns/--bins, or request mechanism mst or aim",
        )
    if len(set(columns)) != len(columns):
        raise EthicLensInputError(
            "columns repeated", column="--columns", value=columns, fix="list each column once"
        )
    clash = [c for c in columns if c in roles[1:] or c in (LABEL, PREDICTION)]
    if clash:
        raise EthicLensInputError(
            "a label or prediction column cannot be released as a feature",
            column="--columns",
            value=clash,
            fix="list feature columns only",
        )
    unused = sorted(set(discretization or {}) - set(columns))
    if unused:
        raise EthicLensInputError(
            "bins given for a column that is not released",
            column=f"--bins {unused[0]}",
            fix=f"add {unused[0]} to --columns or drop its bins",
        )
    return [c for c in columns if c != request.protected]


def _release_grr(request, a, y, yhat, domain, rng):
    """Only the columns the request needs, the budget split evenly across them."""
    released = [(request.protected, a, domain)]
    if request.needs_label:
        released.append((LABEL, y, [0, 1]))
    released.append((PREDICTION, yhat, [0, 1]))
    eps_col = request.epsilon / len(released)
    table, cols = {}, {}
    for name, codes, dom in released:
        k = len(dom)
        noisy = _grr.randomize(codes, eps_col, k, rng)
        table[name] = [dom[i] for i in noisy] if name == request.protected else noisy
        cols[name] = {
            "domain": dom,
            "k": k,
            "epsilon": eps_col,
            "keep_probability": _grr.keep_probability(eps_col, k),
        }
    cols["_composition"] = (
        f"each record's {len(released)} columns are randomised "
        f"independently with ε = {eps_col:g} each; by sequential "
        f"composition the record is {request.epsilon:g}-LDP"
    )
    return pd.DataFrame(table), cols


def _write_file(path: Path, data: bytes) -> None:
    """Write one file of a release (inside its temporary folder) and flush it to disk."""
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def _previous_budget(out: Path) -> tuple[float, int]:
    """Cumulative ε (and release count) of the release being replaced."""
    try:
        old = json.loads((out / MANIFEST).read_text())
        rec = old.get("budget") or {}
        eps = check_epsilon(
            rec.get("cumulative_on_this_data", old.get("epsilon")), f"{out / MANIFEST}:budget"
        )
        count = rec.get("releases", 1)
        count = count if isinstance(count, int) and not isinstance(count, bool) else 1
        return eps, count
    except (OSError, ValueError, AttributeError) as exc:
        raise EthicLensInputError(
            f"cannot read the budget of the release being replaced ({exc}); the cumulative "
            "budget would be wrong",
            column="--out",
            fix="move the old release aside (it records budget already spent) and release "
            "into a new folder",
        ) from exc


def write_release(
    rel: Release, out_dir: str | Path, *, replace: bool = False, track_budget: bool | None = None
) -> Path:
    """Write the table and its manifest into ``out_dir``, all or nothing.

    Both files are written into a temporary folder beside ``out_dir`` and renamed into place
    once complete: a crash or a full disk leaves the previous state (no folder, or the
    previous release), never a table without its manifest. A folder that already holds a
    release is replaced only with ``replace=True``; with budget tracking (asked by the request
    or ``track_budget=True``, and kept once a folder's releases track it) the manifest records
    ``budget = {"this_release": ε, "cumulative_on_this_data": ε + previous, ...}`` by basic
    sequential composition.
    """
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise EthicLensInputError(
            f"{out} exists and is not a folder",
            column="--out",
            fix="choose a new folder for the release",
        )
    existing = out.is_dir() and any(out.iterdir())
    is_release = existing and (out / MANIFEST).exists()
    if existing and not is_release:
        raise EthicLensInputError(
            f"folder {out} is not empty and holds no release; writing "
            "a release there could replace other files",
            column="--out",
            fix="choose an empty or new folder",
        )
    if is_release and not replace:
        raise EthicLensInputError(
            f"{out} already holds a release; replacing it would discard the record of the "
            "privacy budget it spent",
            column="--out",
            fix="release into a new folder, or pass --replace (with --track-budget the new "
            "manifest records the cumulative budget)",
        )
    manifest = dict(rel.manifest)
    eps = float(manifest["epsilon"])
    previous, count = (0.0, 0)
    prev_tracked = False
    if is_release:
        try:
            prev_tracked = "budget" in json.loads((out / MANIFEST).read_text())
        except (OSError, ValueError):
            prev_tracked = False
    track = bool(track_budget or manifest.get("request", {}).get("track_budget") or prev_tracked)
    if track:
        if is_release:
            previous, count = _previous_budget(out)
        budget = {
            "this_release": eps,
            "cumulative_on_this_data": eps + previous,
            "releases": count + 1,
            "composition": "basic sequential composition over the releases written to "
            "this folder (the platform states they use the same data)",
        }
        if manifest.get("delta") is not None:
            budget["this_release_delta"] = manifest["delta"]
        manifest["budget"] = budget
    validate_manifest({**manifest, "table": TABLE, "sha256": "", "manifest_sha256": ""}, rel.table)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EthicLensInputError(
            f"cannot create {out.parent} ({exc.strerror})",
            column="--out",
            fix="choose a writable folder",
        ) from exc
    data = rel.table.to_csv(index=False).encode()
    manifest.update({"table": TABLE, "sha256": _sha256_bytes(data)})
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    tmp = old = None
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
        _write_file(tmp / TABLE, data)
        _write_file(tmp / MANIFEST, json.dumps(manifest, indent=2).encode())
        os.chmod(tmp, 0o777 & ~_umask())
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.parent))
            os.rename(out, old / "release")
        os.rename(tmp, out)
        tmp = None
    except OSError as exc:
        if old is not None and not out.exists() and (old / "release").exists():
            os.rename(old / "release", out)  # put the previous release back
        reason = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc))
        raise EthicLensInputError(
            f"could not write the release to {out} ({reason}); nothing was written"
            + (" and the previous release is unchanged" if is_release else ""),
            column="--out",
            fix="free disk space (or choose a writable folder) and rerun",
        ) from exc
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return out


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_release(release_dir: str | Path) -> Release:
    """Load a release, verify the table's and the manifest's SHA-256, and check that the
    manifest's fields agree with each other and with the table."""
    d = Path(release_dir)
    if not (d / MANIFEST).is_file() or not (d / TABLE).is_file():
        raise EthicLensInputError(
            f"{d} is not a P2NIA release (needs {TABLE} and {MANIFEST})",
            column="RELEASE_DIR",
            fix="give the folder the platform wrote with ethiclens p2nia release",
        )
    try:
        manifest = json.loads((d / MANIFEST).read_text())
    except (ValueError, OSError, RecursionError) as exc:  # JSONDecodeError, 5,000-digit ints
        raise EthicLensInputError(
            f"manifest is not valid JSON ({str(exc)[:120]})",
            column=MANIFEST,
            fix="ask the platform for the original release",
        ) from exc
    if not isinstance(manifest, dict):
        raise _bad("the manifest must be a JSON object", None, type(manifest).__name__)
    if manifest.get("format") != RELEASE_FORMAT:
        raise EthicLensInputError(
            "unknown release format",
            column=MANIFEST,
            value=manifest.get("format"),
            fix="ask the platform for an EthicLens P2NIA release",
        )
    try:
        digest = _manifest_digest(manifest)
    except (TypeError, ValueError) as exc:
        raise _bad(f"the manifest cannot be hashed ({exc})") from exc
    if manifest.get("manifest_sha256") != digest:
        raise EthicLensInputError(
            "the manifest does not match its SHA-256: it was changed after release",
            column=MANIFEST,
            fix="ask the platform for the original release",
        )
    data = (d / TABLE).read_bytes()
    if _sha256_bytes(data) != manifest.get("sha256"):
        raise EthicLensInputError(
            "the released table does not match the SHA-256 in the "
            "manifest: it was changed or truncated",
            column=TABLE,
            fix="ask the platform for the original release",
        )
    validate_manifest(manifest)
    try:
        table = pd.read_csv(d / TABLE, dtype=str, keep_default_na=False)
    except (ValueError, pd.errors.ParserError) as exc:
        raise EthicLensInputError(
            f"cannot parse the table ({exc})",
            column=TABLE,
            fix="ask the platform for the original release",
        ) from exc
    for col in (LABEL, PREDICTION):
        if col in table.columns:
            if not table[col].isin(["0", "1"]).all():
                bad = sorted(set(table[col]) - {"0", "1"})[:5]
                raise EthicLensInputError(
                    f"values {bad} are not 0/1",
                    column=col,
                    fix="ask the platform for the original release",
                )
            table[col] = table[col].astype(int)
    validate_manifest(manifest, table)
    return Release(table, manifest)


@dataclass
class Estimate:
    values: dict  # metric -> {"value", "ci_low", "ci_high", "ci_method"}
    mechanism: str
    epsilon: float
    delta: float | None
    rows: int
    basis: str

    def to_dict(self) -> dict:
        return {
            "metrics": self.values,
            "mechanism": self.mechanism,
            "epsilon": self.epsilon,
            "delta": self.delta,
            "rows": self.rows,
            "basis": self.basis,
        }


def _joint_from_release(rel: Release):
    m = rel.manifest
    prot = m["roles"]["protected"]
    domain = [str(v) for v in m["columns"][prot]["domain"]]
    a = pd.Categorical(rel.table[prot].astype(str), categories=domain).codes
    if (a < 0).any():
        raise EthicLensInputError(
            "released group values outside the manifest's domain", column=prot
        )
    yhat = rel.table[PREDICTION].to_numpy().astype(int)
    y = rel.table[LABEL].to_numpy().astype(int) if m["roles"]["label"] else None
    return a, y, yhat, len(domain)


def _point(rel: Release, a, y, yhat, n_a, metrics) -> dict:
    m = rel.manifest
    cols = m["columns"]
    if y is None:
        joint = np.bincount(a * 2 + yhat, minlength=n_a * 2).astype(float)
        joint = (joint / joint.sum()).reshape(n_a, 2)
        if m["mechanism"] == "grr":
            mats = [
                _grr.response_matrix(cols[m["roles"]["protected"]]["epsilon"], n_a),
                _grr.response_matrix(cols[PREDICTION]["epsilon"], 2),
            ]
            joint = _grr.debias(joint, mats)
        return metrics_from_joint(joint, [x for x in metrics if not NEEDS_Y[x]])
    joint = joint_from_codes(a, y, yhat, n_a)
    if m["mechanism"] == "grr":
        mats = [
            _grr.response_matrix(cols[m["roles"]["protected"]]["epsilon"], n_a),
            _grr.response_matrix(cols[LABEL]["epsilon"], 2),
            _grr.response_matrix(cols[PREDICTION]["epsilon"], 2),
        ]
        joint = _grr.debias(joint, mats)
    return metrics_from_joint(joint, metrics)


def estimate(rel: Release, *, metrics=None, n_boot: int = 500, random_state=0) -> Estimate:
    """DP, EO, EOpp from a release, with percentile bootstrap intervals over released rows."""
    n_boot = check_n_boot(n_boot)
    random_state = check_seed(random_state, "random_state")
    m = rel.manifest
    validate_manifest(
        m if "manifest_sha256" in m else {**m, "table": TABLE, "sha256": "", "manifest_sha256": ""},
        rel.table,
    )
    metrics = list(metrics or m["request"]["metrics"])
    unknown = [x for x in metrics if x not in METRICS]
    if unknown:
        raise EthicLensInputError(
            "unknown metric", column="--metrics", value=unknown, fix=f"choose from {list(METRICS)}"
        )
    needs_y = [x for x in metrics if NEEDS_Y[x]]
    if needs_y and not m["roles"]["label"]:
        raise EthicLensInputError(
            f"metrics {needs_y} need Y, which this release does not contain",
            column="--metrics",
            fix="estimate dp only",
        )
    a, y, yhat, n_a = _joint_from_release(rel)
    point = _point(rel, a, y, yhat, n_a, metrics)
    rng = np.random.default_rng(random_state)
    boots = {k: [] for k in point}
    n = len(a)
    for _ in range(n_boot):
        i = rng.integers(0, n, n)
        for k, v in _point(rel, a[i], None if y is None else y[i], yhat[i], n_a, metrics).items():
            boots[k].append(v)
    method = "percentile bootstrap over released rows" + (
        ", each replicate debiased through the GRR response matrices"
        if m["mechanism"] == "grr"
        else ", on the synthetic table"
    )
    values = {}
    for k, v in point.items():
        b = np.asarray(boots[k], float)
        b = b[np.isfinite(b)]
        lo, hi = np.quantile(b, [0.025, 0.975]) if len(b) else (np.nan, np.nan)
        values[k] = {
            "value": None if not np.isfinite(v) else float(v),
            "ci_low": float(lo) if np.isfinite(lo) else None,
            "ci_high": float(hi) if np.isfinite(hi) else None,
            "ci_method": method,
        }
    basis = (
        f"{m['mechanism'].upper()} release of {m['rows']} rows at ε = {m['epsilon']:g}"
        + (f", δ = {m['delta']:g}" if m.get("delta") else "")
        + f" ({m.get('library', '?')})"
    )
    return Estimate(values, m["mechanism"], m["epsilon"], m.get("delta"), m["rows"], basis)


# ---------------------------------------------------------------------------------------------
# Validation: every request and manifest is checked as a whole before it is used. The hashes
# only say a file was not changed after release; these checks say its fields make sense
# together, so a tampered file whose hashes were recomputed is still refused when it is
# inconsistent.

EPSILON_MAX = 1e4  # beyond this GRR keeps every value with probability 1 − e^-10⁴: no privacy
DELTA_MAX = 1e-3  # δ is the chance the guarantee fails outright; it must be far below 1/n′
N_MAX = 100_000_000
N_BOOT_MAX = 100_000
REQUEST_KEYS = {
    "n",
    "protected",
    "metrics",
    "mechanism",
    "epsilon",
    "delta",
    "protected_domain",
    "track_budget",
}
REQUEST_REQUIRED = {"n", "protected", "mechanism", "epsilon"}
MANIFEST_REQUIRED = (
    "format",
    "mechanism",
    "epsilon",
    "delta",
    "rows",
    "columns",
    "roles",
    "request",
    "table",
    "sha256",
    "manifest_sha256",
)


def _is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(
        x, (bool, np.bool_)
    )


def check_epsilon(value, where: str = "--epsilon") -> float:
    """A finite ε in (0, EPSILON_MAX]; booleans, strings, lists and overflowing numbers are
    refused with the reason."""
    if not _is_number(value):
        raise EthicLensInputError(
            f"ε must be a number, not {type(value).__name__}",
            column=where,
            value=value,
            fix="give a number such as 1.0",
        )
    try:
        eps = float(value)
    except OverflowError:
        eps = math.inf
    if not math.isfinite(eps) or eps <= 0:
        raise EthicLensInputError(
            "ε must be a finite number > 0",
            column=where,
            value=value if isinstance(value, float) else "(huge)",
            fix="give a positive budget such as 1.0",
        )
    if eps > EPSILON_MAX:
        raise EthicLensInputError(
            f"ε = {eps:g} is above {EPSILON_MAX:g}: GRR would keep every value with "
            "probability 1 − e^-ε (no privacy at all) and the arithmetic overflows",
            column=where,
            fix=f"give ε <= {EPSILON_MAX:g}",
        )
    return eps


def check_delta(value, where: str = "--delta") -> float | None:
    if value is None:
        return None
    if not _is_number(value) or not math.isfinite(float(value)):
        raise EthicLensInputError(
            "δ must be a finite number (or absent)",
            column=where,
            value=value,
            fix="e.g. 1e-6, or leave it out",
        )
    delta = float(value)
    if not 0 < delta <= DELTA_MAX:
        raise EthicLensInputError(
            f"δ must be in (0, {DELTA_MAX:g}]: δ is the probability that the guarantee fails "
            "outright, so it must be far below 1/n′",
            column=where,
            value=value,
            fix="e.g. 1e-6 (GRR needs none: leave it out)",
        )
    return delta


def check_seed(value, where: str = "--seed"):
    """A non-negative integer seed, or None (drawn)."""
    return _check_seed(value, where, allow_none=True)


def check_n_boot(value, where: str = "--n-boot") -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 0:
        raise EthicLensInputError(
            "must be a non-negative integer",
            column=where,
            value=value,
            fix="e.g. --n-boot 500 (0: no intervals)",
        )
    if value > N_BOOT_MAX:
        raise EthicLensInputError(
            f"{value} bootstrap replicates is more than the {N_BOOT_MAX:,} this estimate supports",
            column=where,
            fix=f"use at most {N_BOOT_MAX:,} (500 is plenty)",
        )
    return int(value)


def _check_domain(domain, where: str) -> list[str]:
    if isinstance(domain, str) or not isinstance(domain, (list, tuple)):
        raise EthicLensInputError(
            f"the group domain must be a list of group names, not {type(domain).__name__}",
            column=where,
            value=domain,
            fix='e.g. ["Female", "Male"] (--groups Female,Male)',
        )
    if any(not isinstance(g, str) or not g for g in domain):
        raise EthicLensInputError(
            "every group must be a non-empty string",
            column=where,
            value=domain,
            fix='e.g. ["Female", "Male"]',
        )
    if len(set(domain)) != len(domain):
        raise EthicLensInputError(
            "groups repeated in the domain", column=where, value=domain, fix="list each group once"
        )
    if len(domain) < 2:
        raise EthicLensInputError(
            "a protected attribute needs two or more groups",
            column=where,
            value=domain,
            fix="list every group of the attribute",
        )
    return list(domain)


def validate_request(d, where: str = "request") -> dict:
    """A request dict (file or to_dict()) checked as a whole; returns the normalised fields."""
    if not isinstance(d, dict):
        raise EthicLensInputError(
            f"must be a JSON object, not {type(d).__name__}",
            column=where,
            fix="create it with ethiclens p2nia request",
        )
    if d.get("format", REQUEST_FORMAT) != REQUEST_FORMAT:
        raise EthicLensInputError(
            "not an EthicLens P2NIA request",
            column=where,
            value=d.get("format"),
            fix="create one with ethiclens p2nia request",
        )
    body = {k: v for k, v in d.items() if k != "format"}
    unknown = sorted(set(body) - REQUEST_KEYS)
    if unknown:
        raise EthicLensInputError(
            f"unknown keys {unknown}", column=where, fix=f"allowed keys: {sorted(REQUEST_KEYS)}"
        )
    missing = sorted(REQUEST_REQUIRED - set(body))
    if missing:
        raise EthicLensInputError(
            f"required keys {missing} are missing",
            column=where,
            fix="create it with ethiclens p2nia request",
        )
    n = body["n"]
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or not 10 <= n <= N_MAX:
        raise EthicLensInputError(
            f"n′ must be an integer in [10, {N_MAX:,}]",
            column="--n",
            value=n if isinstance(n, (int, float)) and abs(n) < 1e30 else type(n).__name__,
            fix="e.g. --n 2000",
        )
    prot = body["protected"]
    if not isinstance(prot, str) or not prot:
        raise EthicLensInputError(
            "the protected attribute must be a column name (string)",
            column="--protected",
            value=prot,
            fix="e.g. --protected sex",
        )
    mech = body["mechanism"]
    if not isinstance(mech, str) or mech not in MECHANISMS:
        raise EthicLensInputError(
            "unknown mechanism (registered: grr, mst, aim)",
            column="--mechanism",
            value=mech,
            fix=f"choose from {list(MECHANISMS)}",
        )
    metrics = body.get("metrics", list(METRICS))
    if isinstance(metrics, str) or not isinstance(metrics, (list, tuple)) or not metrics:
        raise EthicLensInputError(
            "metrics must be a non-empty list",
            column="--metrics",
            value=metrics,
            fix=f"choose from {list(METRICS)}",
        )
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise EthicLensInputError(
            "unknown metric", column="--metrics", value=unknown, fix=f"choose from {list(METRICS)}"
        )
    if len(set(metrics)) != len(metrics):
        raise EthicLensInputError(
            "metrics repeated", column="--metrics", value=list(metrics), fix="list each metric once"
        )
    eps = check_epsilon(body["epsilon"])
    delta = check_delta(body.get("delta"))
    domain = body.get("protected_domain")
    if domain is not None:
        domain = _check_domain(domain, f"{prot} (--groups)")
    track = body.get("track_budget", False)
    if not isinstance(track, bool):
        raise EthicLensInputError(
            "track_budget must be true or false",
            column=where,
            value=track,
            fix="write true or false (JSON booleans)",
        )
    return {
        "n": int(n),
        "protected": prot,
        "metrics": list(metrics),
        "mechanism": mech,
        "epsilon": eps,
        "delta": delta,
        "protected_domain": domain,
        "track_budget": track,
    }


def _close(a, b) -> bool:
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)


def _bad(problem: str, field: str | None = None, value=None):
    return EthicLensInputError(
        problem,
        column=f"{MANIFEST}{':' + field if field else ''}",
        value=value,
        fix="ask the platform for the original release "
        "(a manifest whose fields contradict each other is refused "
        "even when its hashes match)",
    )


def _check_column_meta(name, meta, expected_domain=None) -> list:
    if not isinstance(meta, dict):
        raise _bad(
            "a column's description must be an object", f"columns.{name}", type(meta).__name__
        )
    domain = meta.get("domain")
    if isinstance(domain, str) or not isinstance(domain, list) or len(domain) < 2:
        raise _bad(
            "a column's domain must be a list of two or more values",
            f"columns.{name}.domain",
            domain,
        )
    if len({str(v) for v in domain}) != len(domain):
        raise _bad("repeated values in a column's domain", f"columns.{name}.domain", domain)
    if meta.get("k") != len(domain) or isinstance(meta.get("k"), bool):
        raise _bad(
            f"k must equal the domain's size {len(domain)}", f"columns.{name}.k", meta.get("k")
        )
    if expected_domain is not None and [str(v) for v in domain] != [
        str(v) for v in expected_domain
    ]:
        raise _bad(f"domain must be {expected_domain}", f"columns.{name}.domain", domain)
    bins = meta.get("bins")
    if bins is not None:
        if (
            not isinstance(bins, list)
            or any(not _is_number(b) for b in bins)
            or len(bins) != len(domain) + (-1 if meta.get("open_ended") else 1)
            or any(not math.isfinite(b) for b in bins)
            or any(b2 <= b1 for b1, b2 in zip(bins, bins[1:], strict=False))
        ):
            raise _bad(
                "bin edges must be finite, strictly increasing and match the domain",
                f"columns.{name}.bins",
                bins,
            )
    return domain


def validate_manifest(manifest, table: pd.DataFrame | None = None) -> None:
    """Check a release manifest as a whole (and against its table when given).

    Mechanism registered and equal to the request's; ε and δ valid and equal to the request's;
    per-column ε (GRR) summing to ε with matching keep probabilities, or the zCDP budget
    (MST/AIM) derived from (ε, δ) and not overspent; roles, domains and bins consistent; the
    table's columns and values inside the manifest's domains.
    """
    if not isinstance(manifest, dict):
        raise _bad("the manifest must be a JSON object", None, type(manifest).__name__)
    missing = [k for k in MANIFEST_REQUIRED if k not in manifest]
    if missing:
        raise _bad(f"required keys {missing} are missing")
    if manifest["format"] != RELEASE_FORMAT:
        raise _bad("unknown release format", "format", manifest["format"])
    req = validate_request(manifest["request"], f"{MANIFEST}:request")
    mech = manifest["mechanism"]
    if not isinstance(mech, str) or mech not in MECHANISMS:
        raise _bad("unknown mechanism (registered: grr, mst, aim)", "mechanism", mech)
    if mech != req["mechanism"]:
        raise _bad(f"mechanism differs from the request's {req['mechanism']!r}", "mechanism", mech)
    eps = check_epsilon(manifest["epsilon"], f"{MANIFEST}:epsilon")
    if not _close(eps, req["epsilon"]):
        raise _bad(f"ε differs from the request's {req['epsilon']:g}", "epsilon", eps)
    delta = check_delta(manifest["delta"], f"{MANIFEST}:delta")
    if delta != req["delta"]:
        raise _bad(f"δ differs from the request's {req['delta']}", "delta", delta)
    rows = manifest["rows"]
    if not isinstance(rows, int) or isinstance(rows, bool) or rows != req["n"]:
        raise _bad(f"rows must equal the requested n′ = {req['n']}", "rows", rows)
    if manifest["table"] != TABLE:
        raise _bad(f"the table must be {TABLE}", "table", manifest["table"])
    roles = manifest["roles"]
    needs_label = any(NEEDS_Y[m] for m in req["metrics"])
    expected_roles = {
        "protected": req["protected"],
        "label": LABEL if needs_label else None,
        "prediction": PREDICTION,
    }
    if roles != expected_roles:
        raise _bad(f"roles must be {expected_roles} for this request", "roles", roles)
    cols = manifest["columns"]
    if not isinstance(cols, dict):
        raise _bad("columns must be an object", "columns", type(cols).__name__)
    prot = req["protected"]
    released = [prot] + ([LABEL] if needs_label else []) + [PREDICTION]
    for name in released:
        if name not in cols:
            raise _bad("a released column is not described", f"columns.{name}")
    domain = _check_column_meta(prot, cols[prot], req["protected_domain"])
    if any(not isinstance(g, str) for g in domain):
        raise _bad("group names must be strings", f"columns.{prot}.domain", domain)
    for name in released[1:]:
        _check_column_meta(name, cols[name], [0, 1])
    data_cols = [c for c in cols if not c.startswith("_")]
    if mech == "grr":
        if sorted(data_cols) != sorted(released):
            raise _bad(f"a GRR release has exactly the columns {released}", "columns", data_cols)
        total = 0.0
        for name in released:
            e = check_epsilon(cols[name].get("epsilon"), f"{MANIFEST}:columns.{name}.epsilon")
            kp = cols[name].get("keep_probability")
            if not _is_number(kp) or not _close(
                kp, _grr.keep_probability(e, len(cols[name]["domain"]))
            ):
                raise _bad(
                    "keep probability does not match the column's ε",
                    f"columns.{name}.keep_probability",
                    kp,
                )
            total += e
        if not _close(total, eps):
            raise _bad(
                f"per-column ε sum to {total:g}, not the release's ε = {eps:g}", "columns", total
            )
    else:
        for name in data_cols:
            if name not in released:
                _check_column_meta(name, cols[name])
        priv = cols.get("_privacy")
        if not isinstance(priv, dict):
            raise _bad(f"a {mech.upper()} release must describe its budget", "columns._privacy")
        used_delta = check_delta(priv.get("delta"), f"{MANIFEST}:columns._privacy.delta")
        if delta is not None and used_delta != delta:
            raise _bad("δ used differs from the release's δ", "columns._privacy.delta", used_delta)
        from ._synth import cdp_rho

        rho, spent = priv.get("zcdp_rho"), priv.get("rho_spent")
        if not _is_number(rho) or not _close(rho, cdp_rho(eps, used_delta)):
            raise _bad(
                f"ρ does not follow from ε = {eps:g} and δ = {used_delta:g}",
                "columns._privacy.zcdp_rho",
                rho,
            )
        if not _is_number(spent) or not 0 <= spent <= rho * (1 + 1e-9):
            raise _bad("ρ spent exceeds the budget", "columns._privacy.rho_spent", spent)
    budget = manifest.get("budget")
    if budget is not None:
        if (
            not isinstance(budget, dict)
            or not _close(
                check_epsilon(budget.get("this_release"), f"{MANIFEST}:budget.this_release"), eps
            )
            or check_epsilon(
                budget.get("cumulative_on_this_data"), f"{MANIFEST}:budget.cumulative_on_this_data"
            )
            < eps * (1 - 1e-9)
        ):
            raise _bad("the budget record contradicts the release's ε", "budget", budget)
    if table is not None:
        _check_table(manifest, table, data_cols)


def _check_table(manifest, table: pd.DataFrame, data_cols) -> None:
    cols = manifest["columns"]
    if len(table) != manifest["rows"]:
        raise EthicLensInputError(
            f"the table has {len(table)} rows, the manifest says {manifest['rows']}",
            column=TABLE,
            fix="ask the platform for the original release",
        )
    if sorted(map(str, table.columns)) != sorted(data_cols):
        raise EthicLensInputError(
            f"the table's columns {list(table.columns)} differ from the manifest's {data_cols}",
            column=TABLE,
            fix="ask the platform for the original release",
        )
    for name in data_cols:
        values = table[name]
        domain = cols[name]["domain"]
        if values.isna().any():
            raise EthicLensInputError(
                "missing values in the released table",
                column=name,
                fix="ask the platform for the original release",
            )
        if name in (LABEL, PREDICTION):
            ok = pd.api.types.is_numeric_dtype(values) and values.isin([0, 1]).all()
        else:
            ok = values.astype(str).isin([str(v) for v in domain]).all()
        if not ok:
            bad = sorted(set(map(str, values.unique())) - {str(v) for v in domain})[:5]
            raise EthicLensInputError(
                f"released values {bad} are outside the manifest's domain {domain[:10]}",
                column=name,
                fix="ask the platform for the original release",
            )
