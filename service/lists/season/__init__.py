"""A club's season: rankings across tournament days ("Ewige Rangliste", the last five
years), computed under the club's scheme and the written rankings checked
(``POST /v1/seasons/check``).

``request`` reads the season (a tournament day checked as its own route checks it),
``points`` turns places into ranking points exactly, ``standing`` holds a window's span
and ranking, ``written`` compares the published list, ``check`` ties them together.
"""

from .check import SeasonResult, check_season
from .request import Season, load_season, season_key

__all__ = ["Season", "SeasonResult", "check_season", "load_season", "season_key"]
