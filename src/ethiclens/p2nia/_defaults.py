"""Defaults that ``ethiclens p2nia ... --help`` shows, kept apart from the modules that need
pandas (the CLI's help loads no heavy module)."""

N_BOOT = 500  # estimate's and ``p2nia estimate``'s default (estimate: the least, _draws_for)
