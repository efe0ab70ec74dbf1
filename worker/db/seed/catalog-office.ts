// Catalog data: presentation, storage, breakroom & cleaning, ergonomics.
// Prices are regular SEK inc. VAT of a line's first option values.
import { leaf, line, type Top } from './catalog-model';
import { tr } from './vocabulary';

export const PRESENTATION: Top = {
  name: tr('Presentation', 'Præsentation', 'Presentation', 'Esitystarvikkeet', 'Presentasjon'),
  leaves: [
    leaf(tr('Whiteboards', 'Whiteboards', 'Whiteboards', 'Valkotaulut', 'Whiteboards'), 0.7, [
      line('nobo', 'Classic', 'whiteboard', 349, 4000, { dimensions: '45x60cm 60x90cm 90x120cm 120x180cm' }, { color: 'white', material: 'lacquered-steel' }, { image: 'white' }),
      line('nobo', 'Premium Plus', 'whiteboard', 699, 6000, { dimensions: '60x90cm 90x120cm 120x180cm' }, { color: 'white', material: 'enamel' }, { image: 'white' }),
      line('nobo', 'Impression Pro', 'whiteboard', 499, 4500, { dimensions: '45x60cm 60x90cm 90x120cm 120x180cm' }, { color: 'white', material: 'enamel' }, { image: 'white' }),
      line('legamaster', 'Professional', 'whiteboard', 899, 7000, {}, { color: 'white', material: 'enamel' }, { sizes: '60 x 90 cm|90 x 120 cm|100 x 200 cm', image: 'white' }),
      line('legamaster', 'Economy', 'whiteboard', 449, 5000, {}, { color: 'white', material: 'lacquered-steel' }, { sizes: '60 x 90 cm|90 x 120 cm|120 x 180 cm', image: 'white' }),
      line('lintex', 'Mood Wall', 'whiteboard', 1999, 9000, { color: 'white grey blue green pink yellow' }, { material: 'glass' }, { sizes: '100 x 100 cm|100 x 150 cm' }),
    ]),
    leaf(tr('Whiteboardpennor', 'Whiteboardmarkere', 'Whiteboard markers', 'Taulutussit', 'Whiteboardpenner'), 0.8, [
      line('edding', '360', 'wbmarker', 19, 15, { color: 'black blue red green', 'pack-size': '1 4 10' }, { tip: 'round' }),
      line('edding', '363', 'wbmarker', 19, 15, { color: 'black blue red green', 'pack-size': '1 4' }, { tip: 'chisel' }),
      line('pilot', 'V-Board Master', 'wbmarker', 29, 16, { color: 'black blue red green', 'pack-size': '1 5' }, { tip: 'round' }),
      line('staedtler', 'Lumocolor 351', 'wbmarker', 22, 15, { color: 'black blue red green', 'pack-size': '1 4' }, { tip: 'round' }),
      line('nobo', 'Glide', 'wbmarker', 69, 60, { color: 'assorted', 'pack-size': '4 8' }, { tip: 'round' }),
      line('legamaster', 'TZ 1', 'wbmarker', 25, 16, { color: 'black blue red green' }, { tip: 'round' }),
      line('legamaster', 'TZ 1', 'wbmarker', 89, 64, { color: 'assorted', 'pack-size': '4 10' }, { tip: 'round' }),
    ]),
    leaf(tr('Anslagstavlor', 'Opslagstavler', 'Bulletin boards', 'Ilmoitustaulut', 'Oppslagstavler'), 0.6, [
      line('nobo', 'Essence', 'noticeboard', 349, 3000, { dimensions: '60x90cm 90x120cm' }, { color: 'brown', material: 'cork' }, { image: 'brown' }),
      line('nobo', 'Premium Plus Felt', 'noticeboard', 599, 3500, { dimensions: '60x90cm 90x120cm 120x180cm', color: 'grey blue' }, { material: 'felt' }),
      line('legamaster', 'Classic', 'noticeboard', 399, 3000, { dimensions: '45x60cm 60x90cm 90x120cm' }, { color: 'brown', material: 'cork' }, { image: 'brown' }),
      line('lintex', 'Mood Fabric', 'noticeboard', 1299, 5000, { color: 'grey blue green pink' }, { material: 'fabric' }, { sizes: '100 x 100 cm|100 x 150 cm' }),
      line('nobo', 'Mini Cork', 'noticeboard', 149, 1200, { dimensions: '40x60cm' }, { color: 'brown', material: 'cork' }, { image: 'brown' }),
    ]),
    leaf(tr('Blädderblock', 'Flipovere', 'Flip charts', 'Fläppitaulut', 'Flippovere'), 0.6, [
      line('nobo', 'Classic', 'easel', 1499, 12000, { color: 'grey black' }, { material: 'steel' }),
      line('nobo', 'Mobile', 'easel', 2999, 18000, { color: 'grey' }, { material: 'steel' }),
      line('legamaster', 'Universal', 'easel', 1999, 14000, { color: 'grey black' }, { material: 'steel' }),
      line('legamaster', 'Professional Mobile', 'easel', 3999, 20000, { color: 'grey' }, { material: 'steel' }),
      line('nobo', 'Standard', 'flippad', 149, 1800, { ruling: 'plain squared', 'pack-size': '1 5' }, { sheets: '20', material: 'paper' }, { image: 'white' }),
      line('legamaster', 'Premium', 'flippad', 179, 2000, { ruling: 'plain squared', 'pack-size': '1 5' }, { sheets: '20', material: 'paper' }, { image: 'white' }),
      line('nobo', 'Recycled', 'flippad', 139, 1800, { ruling: 'plain', 'pack-size': '1 5' }, { sheets: '20', material: 'paper' }, { image: 'white' }),
    ]),
  ],
};

export const STORAGE: Top = {
  name: tr('Förvaring & organisering', 'Opbevaring & organisering', 'Storage & organization', 'Säilytys & järjestys', 'Oppbevaring & organisering'),
  leaves: [
    leaf(tr('Skrivbordsorganisering', 'Skrivebordsorganisering', 'Desk organizers', 'Työpöydän järjestelijät', 'Skrivebordsorganisering'), 0.8, [
      line('durable', 'Varicolor', 'deskorganizer', 299, 800, { color: 'grey black' }, { material: 'plastic' }),
      line('leitz', 'WOW', 'penholder', 99, 200, { color: 'pink blue green purple yellow orange white' }, { material: 'plastic' }),
      line('esselte', 'Europost', 'penholder', 49, 150, { color: 'black blue red grey white' }, { material: 'plastic' }),
      line('fellowes', 'I-Spire', 'deskorganizer', 249, 600, { color: 'black white' }, { material: 'plastic' }),
      line('durable', 'Pen Cup', 'penholder', 79, 180, { color: 'black grey white' }, { material: 'metal' }),
      line('leitz', 'Plus', 'deskorganizer', 199, 500, { color: 'black grey' }, { material: 'plastic' }),
    ]),
    leaf(tr('Förvaringsboxar', 'Opbevaringsbokse', 'Storage boxes', 'Säilytyslaatikot', 'Oppbevaringsbokser'), 0.8, [
      line('really-useful-box', 'Classic', 'storagebox', 69, 400, { volume: '4l 9l 24l 35l 64l' }, { color: 'transparent', material: 'plastic' }, { image: 'transparent' }),
      line('really-useful-box', 'Coloured', 'storagebox', 99, 650, { color: 'blue pink green' }, { material: 'plastic' }, { sizes: '9 l|24 l' }),
      line('smartstore', 'Classic', 'storagebox', 99, 900, { volume: '15l 31l 45l 65l' }, { color: 'transparent', material: 'plastic' }, { image: 'transparent' }),
      line('leitz', 'Click & Store', 'storagebox', 199, 700, { volume: '5l 15l', color: 'white black grey' }, { material: 'cardboard' }),
    ]),
    leaf(tr('Brevkorgar', 'Brevbakker', 'Letter trays', 'Lomakelaatikot', 'Brevkurver'), 0.7, [
      line('leitz', 'Plus', 'lettertray', 79, 500, { format: 'A4', color: 'black blue red grey white transparent' }, { material: 'plastic' }),
      line('esselte', 'Europost', 'lettertray', 49, 450, { format: 'A4', color: 'black blue red grey white' }, { material: 'plastic' }),
      line('durable', 'Optimo', 'lettertray', 59, 480, { format: 'C4', color: 'black grey blue' }, { material: 'plastic' }),
      line('fellowes', 'Earth Series', 'lettertray', 89, 500, { format: 'C4', color: 'black' }, { material: 'plastic' }),
      line('bantex', 'Standard', 'lettertray', 45, 420, { format: 'A4', color: 'black grey transparent' }, { material: 'plastic' }),
    ]),
  ],
};

export const BREAKROOM: Top = {
  name: tr('Fika & städ', 'Kaffe & rengøring', 'Breakroom & cleaning', 'Kahvi & siivous', 'Kaffe & renhold'),
  leaves: [
    leaf(tr('Kaffe & te', 'Kaffe & te', 'Coffee & tea', 'Kahvi & tee', 'Kaffe & te'), 0.7, [
      line('gevalia', 'Mellanrost', 'coffee', 69, 450, { contents: '450g' }, { roast: 'medium' }, { image: 'red' }),
      line('gevalia', 'Mörkrost', 'coffee', 69, 450, { contents: '450g' }, { roast: 'dark' }, { image: 'black' }),
      line('gevalia', 'Professional', 'coffee', 149, 1000, { contents: '1kg' }, { roast: 'medium' }, { image: 'red' }),
      line('zoegas', 'Skånerost', 'coffee', 79, 450, { contents: '450g' }, { roast: 'dark' }, { image: 'brown' }),
      line('zoegas', 'Mollbergs Blandning', 'coffee', 79, 450, { contents: '450g' }, { roast: 'medium' }, { image: 'green' }),
      line('zoegas', 'Intenzo', 'coffee', 79, 450, { contents: '450g' }, { roast: 'dark' }, { image: 'black' }),
      line('lofbergs', 'Kharisma', 'coffee', 75, 450, { contents: '450g' }, { roast: 'dark' }, { image: 'black' }),
      line('lofbergs', 'Lila', 'coffee', 72, 450, { contents: '450g 1kg' }, { roast: 'medium' }, { image: 'purple' }),
      line('paulig', 'Juhla Mokka', 'coffee', 79, 500, { contents: '500g' }, { roast: 'light' }, { image: 'blue' }),
      line('paulig', 'Presidentti', 'coffee', 89, 500, { contents: '500g' }, { roast: 'medium' }, { image: 'black' }),
      line('lipton', 'Yellow Label', 'tea', 35, 60, { contents: '25bags 50bags 100bags' }, {}, { image: 'yellow' }),
      line('lipton', 'Green Tea Classic', 'tea', 39, 40, { contents: '20bags 40bags' }, {}, { image: 'green' }),
      line('lipton', 'Earl Grey', 'tea', 39, 50, { contents: '25bags 50bags' }, {}, { image: 'blue' }),
    ], tr('kaffe och te', 'kaffe og te', 'coffee and tea', 'kahvit ja teet', 'kaffe og te')),
    leaf(tr('Engångsartiklar', 'Engangsartikler', 'Disposables', 'Kertakäyttötuotteet', 'Engangsartikler'), 0.6, [
      line('duni', 'Ecoecho', 'cups', 79, 800, { 'pack-size': '50 100' }, { color: 'white', material: 'paper' }, { sizes: '24 cl|30 cl', image: 'white' }),
      line('huhtamaki', 'Double Wall', 'cups', 99, 700, { volume: '24cl 35cl', color: 'white black', 'pack-size': '25 50' }, { material: 'paper' }),
      line('duni', 'Dunisoft', 'napkins', 89, 500, { dimensions: '40x40cm', color: 'white red blue green yellow black', 'pack-size': '60' }, { material: 'paper' }),
      line('duni', 'Classic', 'napkins', 39, 400, { dimensions: '33x33cm', color: 'white red yellow green', 'pack-size': '100 250' }, { material: 'paper' }),
      line('tork', 'Xpressnap', 'napkins', 149, 1500, { dimensions: '33x21cm', color: 'white', 'pack-size': '500' }, { material: 'paper' }),
    ], tr('engångsartiklar', 'engangsartikler', 'disposables', 'kertakäyttötuotteet', 'engangsartikler')),
    leaf(tr('Städ & rengöring', 'Rengøring', 'Cleaning', 'Siivous', 'Renhold'), 0.7, [
      line('ajax', 'Original', 'cleaner', 39, 800, { volume: '750ml 1l' }, {}, { image: 'blue' }),
      line('ajax', 'Citrus', 'cleaner', 39, 800, { volume: '750ml 1l' }, {}, { image: 'yellow' }),
      line('grumme', 'Grönsåpa', 'cleaner', 49, 1100, { volume: '1l 2l' }, {}, { image: 'green' }),
      line('tork', 'Premium', 'cleaner', 69, 1100, { volume: '1l' }, {}, { image: 'blue' }),
      line('abena', 'Classic Nitrile', 'gloves', 89, 700, { color: 'blue black white', 'pack-size': '100' }, { material: 'nitrile' }, { sizes: 'S|M|L|XL' }),
      line('ansell', 'TouchNTuff 92-600', 'gloves', 129, 750, { color: 'green', 'pack-size': '100' }, { material: 'nitrile' }, { sizes: 'S|M|L|XL' }),
      line('abena', 'Vinyl Clear', 'gloves', 59, 700, { color: 'transparent', 'pack-size': '100' }, { material: 'vinyl' }, { sizes: 'S|M|L' }),
      line('katrin', 'Plus', 'papertowel', 69, 1500, { contents: '4rolls 8rolls 16rolls' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('tork', 'Advanced', 'papertowel', 79, 1600, { contents: '4rolls 8rolls' }, { color: 'white', material: 'paper' }, { image: 'white' }),
      line('lambi', 'Classic', 'papertowel', 49, 1400, { contents: '4rolls 8rolls' }, { color: 'white', material: 'paper' }, { image: 'white' }),
    ], tr('städ- och rengöringsprodukter', 'rengøringsprodukter', 'cleaning supplies', 'siivoustuotteet', 'renholdsprodukter')),
  ],
};

export const ERGONOMICS: Top = {
  name: tr('Ergonomi', 'Ergonomi', 'Ergonomics', 'Ergonomia', 'Ergonomi'),
  leaves: [
    leaf(tr('Kontorsstolar', 'Kontorstole', 'Office chairs', 'Työtuolit', 'Kontorstoler'), 0.6, [
      line('kinnarps', 'Capella', 'chair', 5499, 16000, { color: 'black grey blue' }, { material: 'fabric' }),
      line('kinnarps', 'Plus[6]', 'chair', 6999, 17000, { color: 'black grey red' }, { material: 'fabric' }),
      line('hag', 'Capisco 8106', 'chair', 8999, 15000, { color: 'black grey blue red' }, { material: 'fabric' }),
      line('hag', 'Futu', 'chair', 5999, 16000, { color: 'black grey' }, { material: 'mesh' }),
      line('hag', 'Tion', 'chair', 4499, 15000, { color: 'black grey' }, { material: 'fabric' }),
      line('rh', 'Logic 200', 'chair', 7999, 18000, { color: 'black grey blue' }, { material: 'fabric' }),
      line('rh', 'Activ 200', 'chair', 8499, 18000, { color: 'black grey' }, { material: 'fabric' }),
    ]),
    leaf(tr('Ergonomiska tillbehör', 'Ergonomisk tilbehør', 'Ergonomic accessories', 'Ergonomiset apuvälineet', 'Ergonomisk tilbehør'), 0.7, [
      line('fellowes', 'Professional Series', 'footrest', 799, 2500, { color: 'black' }, { material: 'plastic' }),
      line('kensington', 'SoleMate Plus', 'footrest', 699, 2300, { color: 'black' }, { material: 'plastic' }),
      line('leitz', 'Ergo Cosy', 'footrest', 749, 2400, { color: 'grey blue green yellow' }, { material: 'plastic' }),
      line('fellowes', 'Memory Foam', 'wristrest', 249, 300, { color: 'black' }, { material: 'memory-foam' }),
      line('kensington', 'Duo Gel', 'wristrest', 299, 350, { color: 'black blue' }, { material: 'gel' }),
      line('leitz', 'Ergo Cosy', 'wristrest', 299, 300, { color: 'grey blue green yellow' }, { material: 'memory-foam' }),
      line('kensington', 'SmartFit Easy Riser', 'laptopstand', 399, 900, { color: 'black' }, { material: 'plastic' }),
      line('leitz', 'Ergo', 'laptopstand', 599, 1100, { color: 'silver' }, { material: 'aluminium' }),
      line('fellowes', 'Office Suites', 'laptopstand', 349, 1000, { color: 'black' }, { material: 'plastic' }),
    ]),
  ],
};
