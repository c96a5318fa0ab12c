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

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .._version import __version__
from ..errors import EthicLensInputError
from ..report import write_atomic
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

    def __post_init__(self):
        if not isinstance(self.n, int) or self.n < 10:
            raise EthicLensInputError("n′ must be an integer >= 10", column="--n", value=self.n)
        if self.mechanism not in MECHANISMS:
            raise EthicLensInputError("unknown mechanism", column="--mechanism",
                                      value=self.mechanism, fix=f"choose from {MECHANISMS}")
        if not (isinstance(self.epsilon, (int, float)) and math.isfinite(self.epsilon)
                and self.epsilon > 0):
            raise EthicLensInputError("ε must be a finite number > 0", column="--epsilon",
                                      value=self.epsilon)
        if self.delta is not None and not 0 <= self.delta < 1:
            raise EthicLensInputError("δ must be in [0, 1)", column="--delta", value=self.delta)
        unknown = [m for m in self.metrics if m not in METRICS]
        if unknown or not self.metrics:
            raise EthicLensInputError("unknown metric", column="--metrics", value=unknown,
                                      fix=f"choose from {METRICS}")
        if self.protected_domain is not None and len(set(self.protected_domain)) < 2:
            raise EthicLensInputError("a protected attribute needs two or more groups",
                                      column=self.protected, value=self.protected_domain)

    @property
    def needs_label(self) -> bool:
        return any(NEEDS_Y[m] for m in self.metrics)

    def to_dict(self) -> dict:
        return {"format": REQUEST_FORMAT, "n": self.n, "protected": self.protected,
                "protected_domain": self.protected_domain, "metrics": list(self.metrics),
                "mechanism": self.mechanism, "epsilon": self.epsilon, "delta": self.delta}

    @classmethod
    def from_dict(cls, d: dict) -> AuditRequest:
        if d.get("format") != REQUEST_FORMAT:
            raise EthicLensInputError("not an EthicLens P2NIA request", column="--request",
                                      fix="create one with ethiclens p2nia request")
        return cls(**{k: v for k, v in d.items() if k != "format"})


def make_request(n, protected, *, metrics=METRICS, mechanism="grr", epsilon=1.0, delta=None,
                 protected_domain=None) -> AuditRequest:
    return AuditRequest(n, protected, list(metrics), mechanism, epsilon, delta,
                        list(protected_domain) if protected_domain is not None else None)


@dataclass
class Release:
    table: pd.DataFrame
    manifest: dict


def _binary_column(values: pd.Series, name: str) -> np.ndarray:
    if values.isna().any():
        raise EthicLensInputError("missing values", column=name, fix="drop those rows")
    uniq = set(pd.unique(values).tolist())
    if not uniq <= {0, 1}:
        raise EthicLensInputError(f"must be 0/1, found {sorted(map(str, uniq))[:5]}",
                                  column=name, fix="recode to 0/1")
    return values.astype(int).to_numpy()


def _sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _manifest_digest(manifest: dict) -> str:
    body = {k: v for k, v in manifest.items() if k != "manifest_sha256"}
    return _sha256_bytes(json.dumps(body, sort_keys=True).encode())


def release(request: AuditRequest, data: pd.DataFrame, y_true: str, y_pred: str, *,
            columns=None, discretization=None, random_state=None) -> Release:
    """The platform's side: draw n′ rows (without replacement), apply the mechanism.

    Parameters
    ----------
    data : DataFrame
        The platform's audit data: features, the protected column, labels and predictions.
    y_true, y_pred : str
        Label and prediction columns (0/1).
    columns : list of str, optional
        Extra feature columns to release (synthetic mechanisms; GRR releases only what the
        request needs).
    discretization : dict, optional
        Bin edges for numeric extra columns (required for each numeric column released).
    """
    if request.needs_label and y_true is None:
        raise EthicLensInputError(f"metrics {request.metrics} need the label Y, which is not "
                                  "released", column="--y-true",
                                  fix="pass --y-true, or request only dp")
    for col in [request.protected, y_pred] + ([y_true] if request.needs_label else []):
        if col not in data.columns:
            raise EthicLensInputError("not in the audit data", column=col,
                                      fix=f"use one of {list(data.columns)[:15]}")
    if request.n > len(data):
        raise EthicLensInputError(
            f"n′ = {request.n} exceeds the {len(data)} audit rows; rows are drawn without "
            "replacement and never duplicated", column="n", value=request.n,
            fix=f"request at most {len(data)} rows")
    rng = np.random.default_rng(random_state)
    rows = data.iloc[np.sort(rng.choice(len(data), size=request.n, replace=False))]
    groups = rows[request.protected]
    if groups.isna().any():
        raise EthicLensInputError("missing group values", column=request.protected)
    domain = request.protected_domain or sorted(map(str, pd.unique(data[request.protected])))
    domain = [str(v) for v in domain]
    if len(domain) < 2:
        raise EthicLensInputError("the protected attribute has a single value",
                                  column=request.protected, value=domain,
                                  fix="audit an attribute with two or more groups")
    outside = sorted(set(groups.astype(str)) - set(domain))
    if outside:
        raise EthicLensInputError(f"values {outside} are outside the requested domain",
                                  column=request.protected, value=domain)
    a = pd.Categorical(groups.astype(str), categories=domain).codes
    yhat = _binary_column(rows[y_pred], y_pred)
    y = _binary_column(rows[y_true], y_true) if request.needs_label else None
    columns = list(columns or [])
    if request.mechanism == "grr":
        table, cols = _release_grr(request, a, y, yhat, domain, rng)
    else:
        from ._synth import release_synthetic

        table, cols = release_synthetic(request, rows, a, y, yhat, domain, columns,
                                        discretization or {}, rng)
    manifest = {
        "format": RELEASE_FORMAT, "mechanism": request.mechanism,
        "epsilon": request.epsilon, "delta": request.delta, "rows": len(table),
        "columns": cols, "roles": {"protected": request.protected,
                                   "label": LABEL if request.needs_label else None,
                                   "prediction": PREDICTION},
        "request": request.to_dict(), "library": f"ethiclens {__version__}",
        "domain_source": ("request" if request.protected_domain else
                          "audit data (the group values themselves are disclosed)"),
    }
    return Release(table, manifest)


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
        cols[name] = {"domain": dom, "k": k, "epsilon": eps_col,
                      "keep_probability": _grr.keep_probability(eps_col, k)}
    cols["_composition"] = (f"each record's {len(released)} columns are randomised "
                            f"independently with ε = {eps_col:g} each; by sequential "
                            f"composition the record is {request.epsilon:g}-LDP")
    return pd.DataFrame(table), cols


def write_release(rel: Release, out_dir: str | Path) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    data = rel.table.to_csv(index=False).encode()
    write_atomic(out / TABLE, data)
    manifest = {**rel.manifest, "table": TABLE, "sha256": _sha256_bytes(data)}
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    write_atomic(out / MANIFEST, json.dumps(manifest, indent=2))
    return out


def read_release(release_dir: str | Path) -> Release:
    """Load a release and verify the table's and the manifest's SHA-256."""
    d = Path(release_dir)
    if not (d / MANIFEST).exists() or not (d / TABLE).exists():
        raise EthicLensInputError(f"{d} is not a P2NIA release (needs {TABLE} and {MANIFEST})",
                                  column="RELEASE_DIR")
    try:
        manifest = json.loads((d / MANIFEST).read_text())
    except json.JSONDecodeError as exc:
        raise EthicLensInputError(f"manifest is not valid JSON ({exc})",
                                  column=MANIFEST) from exc
    if manifest.get("format") != RELEASE_FORMAT:
        raise EthicLensInputError("unknown release format", column=MANIFEST,
                                  value=manifest.get("format"))
    if manifest.get("manifest_sha256") != _manifest_digest(manifest):
        raise EthicLensInputError("the manifest does not match its SHA-256: it was changed "
                                  "after release", column=MANIFEST,
                                  fix="ask the platform for the original release")
    data = (d / TABLE).read_bytes()
    if _sha256_bytes(data) != manifest.get("sha256"):
        raise EthicLensInputError("the released table does not match the SHA-256 in the "
                                  "manifest: it was changed or truncated", column=TABLE,
                                  fix="ask the platform for the original release")
    table = pd.read_csv(d / TABLE)
    if len(table) != manifest["rows"]:
        raise EthicLensInputError("row count differs from the manifest", column=TABLE)
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
        return {"metrics": self.values, "mechanism": self.mechanism, "epsilon": self.epsilon,
                "delta": self.delta, "rows": self.rows, "basis": self.basis}


def _joint_from_release(rel: Release):
    m = rel.manifest
    prot = m["roles"]["protected"]
    domain = [str(v) for v in m["columns"][prot]["domain"]]
    a = pd.Categorical(rel.table[prot].astype(str), categories=domain).codes
    if (a < 0).any():
        raise EthicLensInputError("released group values outside the manifest's domain",
                                  column=prot)
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
            mats = [_grr.response_matrix(cols[m["roles"]["protected"]]["epsilon"], n_a),
                    _grr.response_matrix(cols[PREDICTION]["epsilon"], 2)]
            joint = _grr.debias(joint, mats)
        return metrics_from_joint(joint, [x for x in metrics if not NEEDS_Y[x]])
    joint = joint_from_codes(a, y, yhat, n_a)
    if m["mechanism"] == "grr":
        mats = [_grr.response_matrix(cols[m["roles"]["protected"]]["epsilon"], n_a),
                _grr.response_matrix(cols[LABEL]["epsilon"], 2),
                _grr.response_matrix(cols[PREDICTION]["epsilon"], 2)]
        joint = _grr.debias(joint, mats)
    return metrics_from_joint(joint, metrics)


def estimate(rel: Release, *, metrics=None, n_boot: int = 500, random_state=0) -> Estimate:
    """DP, EO, EOpp from a release, with percentile bootstrap intervals over released rows."""
    m = rel.manifest
    metrics = list(metrics or m["request"]["metrics"])
    needs_y = [x for x in metrics if NEEDS_Y[x]]
    if needs_y and not m["roles"]["label"]:
        raise EthicLensInputError(f"metrics {needs_y} need Y, which this release does not "
                                  "contain", column="--metrics", fix="estimate dp only")
    a, y, yhat, n_a = _joint_from_release(rel)
    point = _point(rel, a, y, yhat, n_a, metrics)
    rng = np.random.default_rng(random_state)
    boots = {k: [] for k in point}
    n = len(a)
    for _ in range(n_boot):
        i = rng.integers(0, n, n)
        for k, v in _point(rel, a[i], None if y is None else y[i], yhat[i], n_a,
                           metrics).items():
            boots[k].append(v)
    method = ("percentile bootstrap over released rows"
              + (", each replicate debiased through the GRR response matrices"
                 if m["mechanism"] == "grr" else ", on the synthetic table"))
    values = {}
    for k, v in point.items():
        b = np.asarray(boots[k], float)
        b = b[np.isfinite(b)]
        lo, hi = (np.quantile(b, [0.025, 0.975]) if len(b) else (np.nan, np.nan))
        values[k] = {"value": None if not np.isfinite(v) else float(v),
                     "ci_low": float(lo) if np.isfinite(lo) else None,
                     "ci_high": float(hi) if np.isfinite(hi) else None,
                     "ci_method": method}
    basis = (f"{m['mechanism'].upper()} release of {m['rows']} rows at ε = {m['epsilon']:g}"
             + (f", δ = {m['delta']:g}" if m.get("delta") else "")
             + f" ({m.get('library', '?')})")
    return Estimate(values, m["mechanism"], m["epsilon"], m.get("delta"), m["rows"], basis)
