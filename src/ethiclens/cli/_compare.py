"""``ethiclens compare``: two models' predictions on the same rows, B − A with paired intervals.

Flags (and --config) -> AuditSpec -> ``ethiclens.spec.run_compare`` -> print/write; every target
and policy option of ``audit`` works here too; ``--fail-on`` gates a release (B worse than A?)."""

from __future__ import annotations

from ._options import spec_command

compare_command = spec_command("compare", "comparison_summary")
