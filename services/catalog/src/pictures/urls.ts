import { PICTURE_WIDTHS, PICTURES_PER_COLOUR, PICTURES_VERSION, pictureHeight } from './render.js';

/** The URL of one picture; its width and format are in the name, so a `srcset` lists them. */
export const pictureUrl = (code: string, colour: string, position: number, width: number, format: 'avif' | 'webp') =>
  `/catalog/images/${PICTURES_VERSION}/${code}/${colour}/${position}-${width}.${format}`;

/** A product's gallery in one colour: each view with its default source, its srcsets and its size. */
export function galleryOf(code: string, colour: string) {
  return Array.from({ length: PICTURES_PER_COLOUR }, (_unused, index) => {
    const position = index + 1;
    const srcset = (format: 'avif' | 'webp') =>
      PICTURE_WIDTHS.map((width) => `${pictureUrl(code, colour, position, width, format)} ${width}w`).join(', ');
    return {
      src: pictureUrl(code, colour, position, 720, 'webp'),
      srcset_avif: srcset('avif'),
      srcset_webp: srcset('webp'),
      width: 720,
      height: pictureHeight(720),
    };
  });
}
