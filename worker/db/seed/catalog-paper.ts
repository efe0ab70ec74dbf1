// Catalog data: paper & pads, and filing. Prices are regular SEK inc. VAT of a line's first option values.
import { leaf, line, type Top } from './catalog-model';
import { tr } from './vocabulary';

export const PAPER: Top = {
  name: tr('Papper & block', 'Papir & blokke', 'Paper & pads', 'Paperit & lehtiöt', 'Papir & blokker'),
  leaves: [
    leaf(tr('Kopieringspapper', 'Kopipapir', 'Copy paper', 'Kopiopaperit', 'Kopipapir'), 1.0, [
      line('navigator', 'Universal', 'copypaper', 79, 2500, { 'paper-weight': '80', sheets: '500 2500' }, { color: 'white', material: 'paper' }, { sizes: 'A4|A3' }),
      line('double-a', 'Premium', 'copypaper', 89, 2500, { format: 'A4', 'paper-weight': '80', sheets: '500 2500' }, { color: 'white', material: 'paper' }),
      line('multicopy', 'Original', 'copypaper', 89, 2500, { 'paper-weight': '80 90', sheets: '500' }, { color: 'white', material: 'paper' }, { sizes: 'A4|A3' }),
      line('canon', 'Black Label Zero', 'copypaper', 75, 2500, { format: 'A4', 'paper-weight': '80', sheets: '500 2500' }, { color: 'white', material: 'paper' }),
      line('hp', 'Office Paper', 'copypaper', 72, 2500, { format: 'A4', 'paper-weight': '80', sheets: '500 2500' }, { color: 'white', material: 'paper' }),
      line('navigator', 'Expression', 'copypaper', 109, 2800, { format: 'A4', 'paper-weight': '90', sheets: '500' }, { color: 'white', material: 'paper' }),
      line('multicopy', 'Zero', 'copypaper', 85, 2500, { format: 'A4 A3', 'paper-weight': '80', sheets: '500' }, { color: 'white', material: 'paper' }),
      line('double-a', 'Everyday', 'copypaper', 69, 2200, { format: 'A4', 'paper-weight': '70', sheets: '500 2500' }, { color: 'white', material: 'paper' }),
      line('clairefontaine', 'Trophée', 'colorpaper', 99, 2500, { format: 'A4', 'paper-weight': '80', sheets: '500', color: 'yellow blue pink green orange' }, { material: 'paper' }),
    ]),
    leaf(tr('Anteckningsböcker', 'Notesbøger', 'Notebooks', 'Muistikirjat', 'Notatbøker'), 1.0, [
      line('leuchtturm1917', 'Medium', 'notebook', 249, 350, { format: 'A5', ruling: 'dotted lined squared plain', color: 'black blue red green yellow' }, { sheets: '125' }),
      line('leuchtturm1917', 'Pocket', 'notebook', 189, 200, { format: 'A6', ruling: 'dotted lined plain', color: 'black blue red' }, { sheets: '93' }),
      line('rhodia', 'Webnotebook', 'notebook', 229, 330, { format: 'A5', ruling: 'dotted lined plain', color: 'black orange' }, { sheets: '96' }),
      line('moleskine', 'Classic', 'notebook', 229, 300, { ruling: 'lined plain squared dotted', color: 'black red blue' }, { sheets: '120' }, { sizes: 'A6|A5' }),
      line('clairefontaine', 'Age Bag', 'notebook', 79, 250, { ruling: 'lined squared', color: 'blue red green yellow' }, { sheets: '48' }, { sizes: 'A5|A4' }),
      line('oxford', 'Office Essentials', 'notebook', 59, 300, { ruling: 'lined squared', color: 'black blue red' }, { sheets: '90' }, { sizes: 'A5|A4' }),
      line('herlitz', 'my.book', 'notebook', 59, 260, { format: 'A5', ruling: 'dotted lined squared', color: 'black pink turquoise grey' }, { sheets: '80' }),
    ]),
    leaf(tr('Kollegieblock', 'Kollegieblokke', 'Writing pads', 'Kollegiolehtiöt', 'Kollegieblokker'), 0.8, [
      line('oxford', 'Office', 'pad', 39, 450, { ruling: 'lined squared', sheets: '80' }, {}, { sizes: 'A5|A4', image: 'blue' }),
      line('herlitz', 'College', 'pad', 29, 420, { ruling: 'lined squared', sheets: '80' }, {}, { sizes: 'A5|A4', image: 'red' }),
      line('clairefontaine', 'Europa Notemaker', 'pad', 59, 480, { format: 'A4', ruling: 'lined squared', sheets: '80' }, {}, { image: 'yellow' }),
      line('oxford', 'Campus', 'pad', 49, 450, { format: 'A4', ruling: 'lined squared plain', sheets: '80' }, {}, { image: 'green' }),
      line('herlitz', 'Recycling', 'pad', 35, 300, { format: 'A4', ruling: 'lined squared', sheets: '50 80' }, {}, { image: 'grey' }),
      line('oxford', 'Easybook', 'pad', 45, 400, { format: 'A4 A5', ruling: 'lined', sheets: '80' }, {}, { image: 'green' }),
      line('oxford', 'Student', 'pad', 35, 300, { ruling: 'lined squared', sheets: '50' }, {}, { sizes: 'A5|A4', image: 'blue' }),
    ]),
    leaf(tr('Självhäftande lappar', 'Huskesedler', 'Sticky notes', 'Viestilaput', 'Selvklebende lapper'), 1.0, [
      line('post-it', 'Original', 'stickynotes', 99, 600, { dimensions: '76x76mm', color: 'yellow', 'pack-size': '6 12' }, { sheets: '100' }),
      line('post-it', 'Super Sticky', 'stickynotes', 119, 600, { color: 'yellow pink green blue orange assorted', 'pack-size': '6 12' }, { sheets: '90' }, { sizes: '76 x 76 mm|76 x 127 mm' }),
      line('post-it', 'Original', 'stickynotes', 59, 200, { dimensions: '38x51mm', color: 'yellow', 'pack-size': '12' }, { sheets: '100' }),
      line('stickn', 'Classic', 'stickynotes', 49, 500, { dimensions: '76x76mm', color: 'yellow pink green blue assorted', 'pack-size': '6 12' }, { sheets: '100' }),
      line('post-it', 'Super Sticky Meeting', 'stickynotes', 89, 400, { color: 'yellow assorted', 'pack-size': '4' }, { sheets: '45' }, { sizes: '76 x 127 mm|152 x 101 mm' }),
    ]),
    leaf(tr('Kuvert', 'Kuverter', 'Envelopes', 'Kirjekuoret', 'Konvolutter'), 0.8, [
      line('bong', 'Office Strip', 'envelope', 229, 2400, { color: 'white', 'pack-size': '500' }, { material: 'paper' }, { sizes: 'C5|C4|E65' }),
      line('bong', 'Kraft Strip', 'envelope', 259, 2600, { color: 'brown', 'pack-size': '250 500' }, { material: 'paper' }, { sizes: 'C5|C4' }),
      line('bong', 'Premium', 'envelope', 189, 900, { format: 'E65 C5', color: 'white', 'pack-size': '100 250' }, { material: 'paper' }),
      line('herlitz', 'Classic', 'envelope', 39, 150, { format: 'C6 C5', color: 'white', 'pack-size': '25 50' }, { material: 'paper' }),
      line('bong', 'Mini Pack', 'envelope', 39, 160, { color: 'white brown', 'pack-size': '25' }, { material: 'paper' }, { sizes: 'C6|C5|C4' }),
      line('bong', 'Window', 'envelope', 199, 1000, { format: 'C5 E65', color: 'white', 'pack-size': '250' }, { material: 'paper' }),
    ]),
    leaf(tr('Etiketter', 'Etiketter', 'Labels', 'Etiketit', 'Etiketter'), 0.8, [
      line('avery', 'L7160', 'labels', 119, 250, { dimensions: '63.5x38.1mm', sheets: '25 100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('avery', 'L7163', 'labels', 119, 250, { dimensions: '99.1x38.1mm', sheets: '25 100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('avery', 'L7165', 'labels', 119, 250, { dimensions: '99.1x67.7mm', sheets: '25 100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('avery', 'L7162', 'labels', 119, 250, { dimensions: '99.1x33.9mm', sheets: '25 100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('avery', 'L7651', 'labels', 129, 250, { dimensions: '38.1x21.2mm', sheets: '25 100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('avery', 'L7173', 'labels', 329, 1000, { dimensions: '99.1x57mm', sheets: '100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('avery', 'J8160', 'labels', 129, 250, { dimensions: '63.5x38.1mm', sheets: '25' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('herma', 'SuperPrint', 'labels', 299, 1000, { dimensions: '70x37mm 105x48mm 70x36mm 210x297mm', sheets: '100' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('herma', 'Color', 'labels', 89, 250, { dimensions: '70x37mm', sheets: '25', color: 'yellow green blue pink' }, { material: 'paper' }),
    ]),
  ],
};

export const FILING: Top = {
  name: tr('Arkivering', 'Arkivering', 'Filing', 'Arkistointi', 'Arkivering'),
  leaves: [
    leaf(tr('Pärmar', 'Ordnere', 'Binders', 'Mapit', 'Permer'), 1.2, [
      line('esselte', 'No.1 Power', 'leverarch', 45, 650, { color: 'blue black red green yellow grey white' }, { material: 'cardboard' }, { sizes: 'A4 50 mm|A4 75 mm' }),
      line('leitz', '180° Active', 'leverarch', 59, 700, { format: 'A4', 'spine-width': '50 80', color: 'blue black red green white' }, { material: 'polypropylene' }),
      line('bantex', 'Standard', 'leverarch', 39, 650, { color: 'blue black red grey' }, { material: 'cardboard' }, { sizes: 'A4 50 mm|A4 80 mm' }),
      line('elba', 'Rado Plast', 'leverarch', 49, 700, { format: 'A4', 'spine-width': '50 80', color: 'blue black red' }, { material: 'polypropylene' }),
      line('jalema', 'Secolor', 'ringbinder', 49, 400, { color: 'blue black red green yellow' }, { material: 'polypropylene' }, { sizes: 'A4 25 mm|A4 40 mm' }),
      line('esselte', 'Vivida', 'ringbinder', 55, 420, { color: 'blue pink green purple turquoise' }, { material: 'polypropylene' }, { sizes: 'A4 25 mm|A4 40 mm' }),
      line('leitz', 'WOW', 'ringbinder', 69, 450, { format: 'A4', 'spine-width': '25', color: 'pink blue green purple yellow orange' }, { material: 'polypropylene' }),
      line('leitz', '180° Recycle', 'leverarch', 55, 650, { color: 'black blue grey' }, { material: 'cardboard' }, { sizes: 'A4 50 mm|A4 80 mm' }),
      line('bantex', 'Budget', 'ringbinder', 35, 380, { color: 'blue black red green' }, { material: 'cardboard' }, { sizes: 'A4 25 mm|A4 40 mm' }),
    ]),
    leaf(tr('Plastfickor', 'Plastlommer', 'Sheet protectors', 'Muovitaskut', 'Plastlommer'), 0.8, [
      line('esselte', 'Copy Safe', 'sleeves', 49, 500, { format: 'A4 A5', 'pack-size': '25 100' }, { color: 'transparent', material: 'polypropylene' }),
      line('esselte', 'Standard', 'sleeves', 39, 600, { format: 'A4 A5', 'pack-size': '100' }, { color: 'transparent', material: 'polypropylene' }),
      line('leitz', 'Premium', 'sleeves', 69, 400, { 'pack-size': '25 100' }, { color: 'transparent', material: 'polypropylene' }, { sizes: 'A4|A3' }),
      line('bantex', 'Standard', 'sleeves', 35, 300, { 'pack-size': '50 100' }, { color: 'transparent', material: 'polypropylene' }, { sizes: 'A4|A5' }),
      line('jalema', 'Clear', 'sleeves', 45, 600, { format: 'A4 A5', 'pack-size': '100 250' }, { color: 'transparent', material: 'polypropylene' }),
      line('durable', 'Extra', 'sleeves', 59, 350, { format: 'A4 A3', 'pack-size': '50 100' }, { color: 'transparent', material: 'polypropylene' }),
      line('esselte', 'Copy Safe Maxi', 'sleeves', 59, 250, { format: 'A4', 'pack-size': '25' }, { color: 'transparent', material: 'polypropylene' }),
    ]),
    leaf(tr('Mappar', 'Mapper', 'Folders', 'Kansiot', 'Mapper'), 0.9, [
      line('esselte', 'Vivida Elastic', 'folder', 29, 150, { format: 'A4', color: 'blue pink green purple turquoise', 'pack-size': '1 10' }, { material: 'polypropylene' }),
      line('leitz', 'WOW Elastic', 'folder', 39, 160, { format: 'A4', color: 'pink blue green purple yellow orange' }, { material: 'polypropylene' }),
      line('jalema', 'Secolor Elastic', 'folder', 25, 150, { color: 'blue black red green yellow', 'pack-size': '1 10' }, { material: 'polypropylene' }, { sizes: 'A4|A5' }),
      line('elba', 'Elastic', 'folder', 22, 170, { format: 'A4', color: 'blue red green yellow' }, { material: 'cardboard' }),
      line('bantex', 'Elastic', 'folder', 19, 150, { format: 'A4', color: 'blue black red grey', 'pack-size': '1 10' }, { material: 'polypropylene' }),
    ]),
    leaf(tr('Register', 'Registre', 'Dividers', 'Hakemistot', 'Registre'), 0.7, [
      line('esselte', 'Standard', 'dividers', 25, 120, { tabs: '1-10 1-12 1-31 a-z jan-dec' }, { format: 'A4', color: 'grey', material: 'polypropylene' }, { image: 'grey' }),
      line('esselte', 'Maxi', 'dividers', 39, 140, { tabs: '1-12 a-z 5 10' }, { format: 'A4', color: 'assorted', material: 'polypropylene' }, { image: 'assorted' }),
      line('jalema', 'Mylar', 'dividers', 35, 130, { tabs: '1-12 1-31 jan-dec' }, { format: 'A4', color: 'white', material: 'cardboard' }, { image: 'white' }),
      line('leitz', 'Style', 'dividers', 29, 110, { tabs: '5 10 1-12' }, { format: 'A4', color: 'assorted', material: 'polypropylene' }, { image: 'assorted' }),
      line('avery', 'IndexMaker', 'dividers', 45, 140, { tabs: '5 10' }, { format: 'A4', color: 'white', material: 'cardboard' }, { image: 'white' }),
      line('bantex', 'PP', 'dividers', 22, 110, { tabs: '1-10 1-12 a-z' }, { format: 'A4', color: 'grey', material: 'polypropylene' }, { image: 'grey' }),
    ]),
    leaf(tr('Arkivboxar', 'Arkivkasser', 'Archive boxes', 'Arkistolaatikot', 'Arkivbokser'), 0.8, [
      line('bankers-box', 'System', 'archivebox', 39, 450, { color: 'white brown', 'pack-size': '1 10' }, { material: 'cardboard' }),
      line('esselte', 'Eco', 'archivebox', 29, 350, { color: 'brown', 'pack-size': '1 10' }, { material: 'cardboard' }, { sizes: '80 mm|100 mm' }),
      line('leitz', 'Infinity', 'archivebox', 49, 400, { 'spine-width': '80 100', color: 'white blue' }, { material: 'cardboard' }),
      line('jalema', 'Archive', 'archivebox', 25, 300, { 'spine-width': '80 100 150', color: 'brown' }, { material: 'cardboard' }),
      line('esselte', 'Boxy', 'archivebox', 59, 500, { color: 'white black blue' }, { material: 'cardboard' }),
    ]),
  ],
};
