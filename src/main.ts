// Wires the layers together: localization first, then the app element (which loads the game).
import './ui/localize';
import './ui/mia-app';
