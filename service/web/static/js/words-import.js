// German and English labels of reading another program's file into the box (importview.js).
import { addWords } from "./lang.js";

addWords({
  en: {
    import_format: "Import from",
    import_csv: "a score sheet (CSV)",
    import_freedoko: "a FreeDoko game record",
    import_qt: "QtDoppelKopf / jsdoppelkopf",
    import_logger: "Doko_Logger",
    import_first_dealer: "First dealer",
    import_rows: "A sheet's rows",
    import_rows_auto: "rows: as the sheet shows",
    import_rows_per_game: "rows: each game's points",
    import_rows_totals: "rows: running totals",
    import_button: "Import the box",
    import_notes: "Read from the file; what it could not carry over:",
    import_error: "The file cannot be read:",
  },
  de: {
    import_format: "Einlesen aus",
    import_csv: "einer Spielliste (CSV)",
    import_freedoko: "einem Spielprotokoll von FreeDoko",
    import_qt: "QtDoppelKopf / jsdoppelkopf",
    import_logger: "Doko_Logger",
    import_first_dealer: "Erster Geber",
    import_rows: "Zeilen einer Liste",
    import_rows_auto: "Zeilen: wie die Liste zeigt",
    import_rows_per_game: "Zeilen: Punkte je Spiel",
    import_rows_totals: "Zeilen: Zwischenstände",
    import_button: "Feld einlesen",
    import_notes: "Aus der Datei gelesen; was sie nicht übertragen konnte:",
    import_error: "Die Datei lässt sich nicht lesen:",
  },
});
