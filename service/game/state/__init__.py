"""The parts of the game state (:class:`service.game.gamestate.GameState`), one per concern.

``base`` holds what every part reads; ``tricks`` the cards, tricks and following suit;
``teams`` the teams and the marriage; ``calls`` the announcements; ``swines`` the
showings. Each part extends the one it asks of (base, swines, teams, tricks, calls);
``GameState`` extends the last and keeps the replay's hot loop itself.
"""
