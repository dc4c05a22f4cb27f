import { speak } from '../speech.ts';
import { my48SpeechIn } from '../speech-build.ts';

/** my48's stores and screens speak English in the unit tests, as the English shell has them speak. */
speak(my48SpeechIn('en'));
