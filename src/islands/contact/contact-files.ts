import { atom } from 'nanostores';

/** The files chosen for the message (the file input's; a form's values carry text only). */
export const $attachments = atom<File[]>([]);
