"""The game's rules: cards, rulesets, the replay of a game, its checks and its score.

The lowest layer of the service: it reads no JSON and imports nothing from the rest of
``service``. ``gamestate`` replays the events of a :class:`~service.game.transcript.Transcript`
(with the parts in ``state/``), ``setup`` and ``reservations`` turn the reservation round
into the game played, ``scoring`` scores it, ``check`` puts them together into a
:class:`~service.game.result.CheckResult`, and ``render`` prints that as the contract's
JSON answer. ``options`` is the catalogue of rules, ``rulesets`` the presets
(``presets/*.toml``) and house rulesets over it, ``codes`` the registry of every code.
"""
