"""Defaults that ``ethiclens pcer ... --help`` shows, kept apart from the modules that need
pandas (the CLI's help loads no heavy module)."""

DEFAULT_N_BOOT = 1000  # pcer_audit's and ``pcer audit``'s default draws per interval
