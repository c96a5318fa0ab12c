"""The claims ledger (docs/reproductions/claims.md) is generated from the committed result
files: it must be current, so it cannot drift from the numbers."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "claims_table.py"


def _module():
    spec = importlib.util.spec_from_file_location("claims_table", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_claims_ledger_is_current_and_covers_both_papers():
    claims = _module()
    text = claims.build()
    assert claims.OUT.read_text(encoding="utf-8") == text, (
        "docs/reproductions/claims.md is stale: run python scripts/claims_table.py"
    )
    rows = [line for line in text.splitlines() if line.startswith("| PCER") or "| P2NIA" in line]
    assert sum(r.startswith("| PCER") for r in rows) >= 20 and any("| P2NIA" in r for r in rows)
    assert "| §4.1 Adult n after preprocessing | 46,033 | 46,033" in text
    assert "0.935 (recomputed from S5/S6: 0.935; 0.981 without Bios)" in text
