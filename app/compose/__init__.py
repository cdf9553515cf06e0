"""The composition root: where the host's parts and the UI are put together.

`app.host` serves tables and knows nothing of the UI; `app.ui` draws screens and knows
the table only through a gateway (app.ui.model.contracts). Here they meet: `web`
mounts the Flet UI on a host's API with the in-process adapter (app.inproc) as its
sessions' gateway, and `app_host` starts the embedded host for a compiled app's
*Host a table here*. `fatepot host` (app.cli), main.py and the tests build through it.
"""
