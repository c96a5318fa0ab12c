"""``ethiclens thresholds``: rates and the DI/EO verdict per group over decision thresholds.

Flags (and --config) -> AuditSpec -> ``ethiclens.spec.run_thresholds`` -> print/write; every
target and policy option of ``audit`` works here too.
"""

from __future__ import annotations

from ._options import spec_command

thresholds_command = spec_command("thresholds", "threshold_summary")
