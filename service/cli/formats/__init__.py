"""The CI formats of ``doko-check``: what a CI reads of a checked game (``findings``), as
JUnit XML (``junit``) and as GitHub Actions annotations (``github``)."""
