// Product types of writing, paper and filing: the noun in product names, the image kind and two
// description sentences (what it does well, what it is for) in sv, da, en, fi, nb.
// Noun markers: '|n' = neuter (ett/et) noun in sv/da/nb for adjective agreement; '|p' = plural or
// mass noun in en (no article) and fi (plural adjective).
import type { ImageKind } from './images';
import { type Tr, tr } from './vocabulary';

export interface ProductType {
  noun: Tr;
  kind: ImageKind;
  benefit: Tr;
  use: Tr;
}

function type(kind: ImageKind, noun: Tr, benefit: Tr, use: Tr): ProductType {
  return { kind, noun, benefit, use };
}

export const TYPES_A = {
  ballpoint: type(
    'ballpoint',
    tr('Kulspetspenna', 'Kuglepen', 'Ballpoint pen', 'Kuulakärkikynä', 'Kulepenn'),
    tr(
      'Det snabbtorkande bläcket ger en jämn linje utan kladd.',
      'Det hurtigtørrende blæk giver en jævn streg uden udtværing.',
      'The quick-drying ink delivers a consistent line without smudging.',
      'Nopeasti kuivuva muste jättää tasaisen jäljen, joka ei tahraa.',
      'Det hurtigtørkende blekket gir en jevn strek uten å smitte av.',
    ),
    tr(
      'Perfekt för anteckningar, blanketter och vardagligt skrivande.',
      'Perfekt til noter, blanketter og daglig skrivning.',
      'Perfect for notes, forms and everyday writing.',
      'Sopii muistiinpanoihin, lomakkeisiin ja päivittäiseen kirjoittamiseen.',
      'Perfekt til notater, skjemaer og daglig skriving.',
    ),
  ),
  gelpen: type(
    'gelpen',
    tr('Gelpenna', 'Gelpen', 'Gel pen', 'Geelikynä', 'Gelpenn'),
    tr(
      'Gelbläcket ger en jämn och mjuk linje som torkar snabbt.',
      'Gelblækket giver en jævn og blød streg, der tørrer hurtigt.',
      'The gel ink gives a smooth, even line that dries quickly.',
      'Geelimuste jättää tasaisen ja pehmeän jäljen, joka kuivuu nopeasti.',
      'Gelblekket gir en jevn og myk strek som tørker raskt.',
    ),
    tr(
      'Ett självklart val för dig som skriver mycket och vill ha tydlig, färgstark skrift.',
      'Et oplagt valg, når du skriver meget og vil have en tydelig, farvestærk skrift.',
      'An obvious choice if you write a lot and want clear, vivid handwriting.',
      'Erinomainen valinta, kun kirjoitat paljon ja haluat selkeää, värikylläistä jälkeä.',
      'Et opplagt valg når du skriver mye og vil ha tydelig, fargesterk skrift.',
    ),
  ),
  pencil: type(
    'pencil',
    tr('Blyertspenna', 'Blyant', 'Pencil', 'Lyijykynä', 'Blyant'),
    tr(
      'Grafitkärnan är brottsäker och ger ett jämnt streck som är lätt att sudda.',
      'Grafitkernen er brudsikker og giver en jævn streg, der er nem at viske ud.',
      'The break-resistant graphite core gives an even line that erases cleanly.',
      'Murtumista kestävä grafiittisydän jättää tasaisen jäljen, joka on helppo pyyhkiä pois.',
      'Grafittkjernen er bruddsikker og gir en jevn strek som er lett å viske ut.',
    ),
    tr(
      'Lika bra för skissande som för anteckningar och korsord.',
      'Lige god til skitser, noter og krydsord.',
      'Just as good for sketching as for notes and crosswords.',
      'Sopii yhtä hyvin luonnosteluun kuin muistiinpanoihin ja ristikoihin.',
      'Like god til skisser som til notater og kryssord.',
    ),
  ),
  mechpencil: type(
    'mechpencil',
    tr('Stiftpenna', 'Stiftblyant', 'Mechanical pencil', 'Lyijytäytekynä', 'Stiftblyant'),
    tr(
      'Det tunna stiftet ger exakta linjer och behöver aldrig vässas.',
      'Den tynde mine giver præcise streger og skal aldrig spidses.',
      'The fine lead gives precise lines and never needs sharpening.',
      'Ohut lyijy jättää tarkan jäljen, eikä kynää tarvitse koskaan teroittaa.',
      'Den tynne stiften gir presise streker og må aldri spisses.',
    ),
    tr(
      'Ett smart val för ritningar, matematik och tekniska skisser.',
      'Et smart valg til tegninger, matematik og tekniske skitser.',
      'A smart choice for drawings, math and technical sketches.',
      'Hyvä valinta piirustuksiin, matematiikkaan ja teknisiin luonnoksiin.',
      'Et smart valg for tegninger, matematikk og tekniske skisser.',
    ),
  ),
  colorpencils: type(
    'colorpencils',
    tr('Färgpennor', 'Farveblyanter', 'Colored pencils|p', 'Värikynät|p', 'Fargeblyanter'),
    tr(
      'Pigmentrika stift ger klara färger som är lätta att blanda och skikta.',
      'Pigmentrige miner giver klare farver, der er nemme at blande og lægge i lag.',
      'Pigment-rich leads give bright colors that are easy to blend and layer.',
      'Runsaasti pigmenttiä sisältävät kynät antavat kirkkaita sävyjä, joita on helppo sekoittaa.',
      'Pigmentrike stifter gir klare farger som er lette å blande og bygge opp i lag.',
    ),
    tr(
      'Passar lika bra för skolarbete som för illustrationer och kreativa projekt.',
      'Passer lige godt til skolearbejde, illustrationer og kreative projekter.',
      'Great for schoolwork, illustration and creative projects.',
      'Sopii koulutöihin, kuvitukseen ja luoviin projekteihin.',
      'Passer like godt til skolearbeid som til illustrasjoner og kreative prosjekter.',
    ),
  ),
  marker: type(
    'marker',
    tr('Märkpenna', 'Tusch', 'Marker', 'Merkkauskynä', 'Merkepenn'),
    tr(
      'Det permanenta bläcket fäster på de flesta ytor och tål både vatten och ljus.',
      'Det permanente blæk hæfter på de fleste overflader og tåler både vand og lys.',
      'The permanent ink adheres to most surfaces and resists water and fading.',
      'Pysyvä muste tarttuu useimpiin pintoihin ja kestää vettä ja valoa.',
      'Det permanente blekket fester seg på de fleste overflater og tåler både vann og lys.',
    ),
    tr(
      'Märk lådor, pärmar, kablar och förpackningar tydligt och varaktigt.',
      'Mærk kasser, ringbind, kabler og emballage tydeligt og holdbart.',
      'Label boxes, binders, cables and packaging clearly and permanently.',
      'Merkitse laatikot, mapit, johdot ja pakkaukset selkeästi ja pysyvästi.',
      'Merk esker, permer, kabler og emballasje tydelig og varig.',
    ),
  ),
  highlighter: type(
    'highlighter',
    tr('Överstrykningspenna', 'Overstregningspen', 'Highlighter', 'Korostuskynä', 'Tekstmarkør'),
    tr(
      'Det fluorescerande bläcket framhäver texten tydligt utan att slå igenom papperet.',
      'Det fluorescerende blæk fremhæver teksten tydeligt uden at slå igennem papiret.',
      'The fluorescent ink makes text stand out without bleeding through the paper.',
      'Fluoresoiva muste korostaa tekstin selvästi, eikä se läpäise paperia.',
      'Det fluorescerende blekket fremhever teksten tydelig uten å slå gjennom papiret.',
    ),
    tr(
      'Idealisk för att markera viktiga avsnitt i rapporter, läroböcker och avtal.',
      'Ideel til at markere vigtige afsnit i rapporter, lærebøger og kontrakter.',
      'Ideal for marking key passages in reports, textbooks and contracts.',
      'Ihanteellinen tärkeiden kohtien korostamiseen raporteissa, oppikirjoissa ja sopimuksissa.',
      'Ideell for å markere viktige avsnitt i rapporter, lærebøker og kontrakter.',
    ),
  ),
  fountainpen: type(
    'fountainpen',
    tr('Reservoarpenna', 'Fyldepen', 'Fountain pen', 'Täytekynä', 'Fyllepenn'),
    tr(
      'Den följsamma stålspetsen ger en personlig handstil och ett jämnt bläckflöde.',
      'Den smidige stålspids giver en personlig håndskrift og et jævnt blækflow.',
      'The smooth steel nib gives a personal handwriting style and an even ink flow.',
      'Joustava teräskärki antaa käsialalle persoonallisen ilmeen ja tasaisen musteen virtauksen.',
      'Den myke stålspissen gir en personlig håndskrift og jevn blekkflyt.',
    ),
    tr(
      'Fylls enkelt på med bläckpatroner och passar perfekt för brev, dagbok och signaturer.',
      'Fyldes nemt med blækpatroner og er perfekt til breve, dagbog og underskrifter.',
      'Easy to refill with ink cartridges and perfect for letters, journaling and signatures.',
      'Täytetään helposti mustepatruunoilla, ja se sopii kirjeisiin, päiväkirjaan ja allekirjoituksiin.',
      'Fylles enkelt med blekkpatroner og passer perfekt til brev, dagbok og signaturer.',
    ),
  ),
  copypaper: type(
    'paper',
    tr('Kopieringspapper|n', 'Kopipapir|n', 'Copy paper|p', 'Kopiopaperi', 'Kopipapir|n'),
    tr(
      'Papperet har hög vithet och en jämn yta som ger skarpa utskrifter och kopior.',
      'Papiret har høj hvidhed og en jævn overflade, der giver skarpe udskrifter og kopier.',
      'High whiteness and a smooth surface give crisp prints and copies.',
      'Paperin korkea vaaleus ja tasainen pinta takaavat terävät tulosteet ja kopiot.',
      'Papiret har høy hvithet og en jevn overflate som gir skarpe utskrifter og kopier.',
    ),
    tr(
      'Fungerar i laserskrivare, bläckstråleskrivare och kopiatorer.',
      'Fungerer i laserprintere, blækprintere og kopimaskiner.',
      'Works in laser printers, inkjet printers and copiers.',
      'Toimii laser- ja mustesuihkutulostimissa sekä kopiokoneissa.',
      'Fungerer i laserskrivere, blekkskrivere og kopimaskiner.',
    ),
  ),
  colorpaper: type(
    'paper',
    tr('Färgat papper|n', 'Farvet papir|n', 'Colored paper|p', 'Värillinen paperi', 'Farget papir|n'),
    tr(
      'Färgerna är jämna och klara, och papperet fungerar i både skrivare och kopiatorer.',
      'Farverne er jævne og klare, og papiret fungerer i både printere og kopimaskiner.',
      'Even, bright colors, and the paper works in both printers and copiers.',
      'Värit ovat tasaisia ja kirkkaita, ja paperi toimii sekä tulostimissa että kopiokoneissa.',
      'Fargene er jevne og klare, og papiret fungerer i både skrivere og kopimaskiner.',
    ),
    tr(
      'Perfekt för anslag, skyltar och färgkodade dokument.',
      'Perfekt til opslag, skilte og farvekodede dokumenter.',
      'Perfect for notices, signs and color-coded documents.',
      'Sopii ilmoituksiin, kylteihin ja värikoodattuihin asiakirjoihin.',
      'Perfekt til oppslag, skilt og fargekodede dokumenter.',
    ),
  ),
  notebook: type(
    'notebook',
    tr('Anteckningsbok', 'Notesbog', 'Notebook', 'Muistikirja', 'Notatbok'),
    tr(
      'Det stadiga omslaget och det bläckvänliga papperet gör boken till en trogen följeslagare.',
      'Det solide omslag og det blækvenlige papir gør bogen til en trofast følgesvend.',
      'A sturdy cover and ink-friendly paper make it a faithful companion.',
      'Tukeva kansi ja musteelle sopiva paperi tekevät kirjasta luotettavan kumppanin.',
      'Det solide omslaget og det blekkvennlige papiret gjør boken til en trofast følgesvenn.',
    ),
    tr(
      'Perfekt för möten, idéer, planering och dagbok.',
      'Perfekt til møder, idéer, planlægning og dagbog.',
      'Perfect for meetings, ideas, planning and journaling.',
      'Sopii kokouksiin, ideoihin, suunnitteluun ja päiväkirjaksi.',
      'Perfekt til møter, ideer, planlegging og dagbok.',
    ),
  ),
  pad: type(
    'pad',
    tr('Kollegieblock|n', 'Kollegieblok', 'Writing pad', 'Kollegiolehtiö', 'Kollegieblokk'),
    tr(
      'Perforerade blad gör det enkelt att riva ut sidor rent och snyggt.',
      'Perforerede ark gør det nemt at rive siderne pænt ud.',
      'Perforated sheets make it easy to tear out pages cleanly.',
      'Perforoidut sivut on helppo irrottaa siististi.',
      'Perforerte ark gjør det enkelt å rive ut sidene pent.',
    ),
    tr(
      'Hålslagna sidor passar direkt i pärmen – bra för skola, kurser och möten.',
      'De hullede ark passer direkte i ringbindet – godt til skole, kurser og møder.',
      'Pre-punched pages go straight into a binder – great for school, courses and meetings.',
      "Valmiiksi rei'itetyt sivut sopivat suoraan kansioon – hyvä kouluun, kursseille ja kokouksiin.",
      'Hullede ark passer rett i permen – fint til skole, kurs og møter.',
    ),
  ),
  stickynotes: type(
    'stickynotes',
    tr('Notisblock|n', 'Notesblok', 'Notes|p', 'Viestilaput|p', 'Notatblokk'),
    tr(
      'Lapparna fastnar ordentligt och går att flytta utan att lämna märken.',
      'Sedlerne sidder godt fast og kan flyttes uden at efterlade mærker.',
      'The notes stick securely and can be repositioned without leaving marks.',
      'Laput pysyvät hyvin paikoillaan, ja niitä voi siirtää jälkiä jättämättä.',
      'Lappene sitter godt og kan flyttes uten å etterlate merker.',
    ),
    tr(
      'Perfekt för påminnelser, att göra-listor och snabba meddelanden.',
      'Perfekte til påmindelser, to do-lister og hurtige beskeder.',
      'Perfect for reminders, to-do lists and quick messages.',
      'Sopivat muistutuksiin, tehtävälistoihin ja nopeisiin viesteihin.',
      'Perfekt til påminnelser, gjøremålslister og raske beskjeder.',
    ),
  ),
  envelope: type(
    'envelope',
    tr('Kuvert|n', 'Kuvert', 'Envelope', 'Kirjekuori', 'Konvolutt'),
    tr(
      'Den självhäftande remsan försluter kuvertet snabbt och säkert utan fukt.',
      'Den selvklæbende strimmel lukker kuverten hurtigt og sikkert uden fugt.',
      'The peel-and-seal strip closes the envelope quickly and securely.',
      'Itseliimautuva nauha sulkee kuoren nopeasti ja varmasti ilman kostutusta.',
      'Den selvklebende stripen lukker konvolutten raskt og sikkert uten fukting.',
    ),
    tr(
      'Lämpligt för fakturor, brev och utskick i stora volymer.',
      'Velegnet til fakturaer, breve og forsendelser i store mængder.',
      'Suitable for invoices, letters and high-volume mailings.',
      'Sopii laskuihin, kirjeisiin ja suuriin postituksiin.',
      'Egnet for fakturaer, brev og utsendelser i store volum.',
    ),
  ),
  labels: type(
    'labels',
    tr('Etiketter', 'Etiketter', 'Labels|p', 'Etiketit|p', 'Etiketter'),
    tr(
      'Etiketterna matas smidigt genom skrivaren och sitter kvar ordentligt.',
      'Etiketterne kører problemfrit gennem printeren og sidder godt fast.',
      'The labels feed smoothly through the printer and stay firmly in place.',
      'Etiketit kulkevat tulostimen läpi sujuvasti ja pysyvät tiukasti kiinni.',
      'Etikettene mates problemfritt gjennom skriveren og sitter godt.',
    ),
    tr(
      'Passar för adressetiketter, märkning av pärmar och lagerhyllor.',
      'Velegnet til adresselabels og mærkning af ringbind og lagerhylder.',
      'Suitable for address labels, binder labeling and warehouse shelves.',
      'Sopii osoitetarroiksi sekä kansioiden ja varastohyllyjen merkintään.',
      'Egnet for adresseetiketter og merking av permer og lagerhyller.',
    ),
  ),
  leverarch: type(
    'binder',
    tr('Gaffelpärm', 'Brevordner', 'Lever arch binder', 'Mappi', 'Brevordner'),
    tr(
      'Den robusta mekaniken håller papperen på plats och öppnas enkelt med en hand.',
      'Den robuste mekanik holder papirerne på plads og åbnes let med én hånd.',
      'The robust mechanism keeps papers in place and opens easily with one hand.',
      'Tukeva mekanismi pitää paperit paikoillaan ja aukeaa helposti yhdellä kädellä.',
      'Den robuste mekanismen holder papirene på plass og åpnes enkelt med én hånd.',
    ),
    tr(
      'Perfekt för arkivering av avtal, fakturor och projektdokumentation.',
      'Perfekt til arkivering af kontrakter, fakturaer og projektdokumentation.',
      'Perfect for filing contracts, invoices and project documentation.',
      'Sopii sopimusten, laskujen ja projektiasiakirjojen arkistointiin.',
      'Perfekt for arkivering av kontrakter, fakturaer og prosjektdokumentasjon.',
    ),
  ),
  ringbinder: type(
    'binder',
    tr('Ringpärm', 'Ringbind|n', 'Ring binder', 'Rengaskansio', 'Ringperm'),
    tr(
      'Ringmekanismen är stabil och gör det enkelt att bläddra bland och byta ut blad.',
      'Ringmekanismen er stabil og gør det nemt at bladre i og udskifte ark.',
      'The sturdy ring mechanism makes it easy to flip through and swap pages.',
      'Vakaa rengasmekanismi helpottaa selaamista ja lehtien vaihtamista.',
      'Ringmekanismen er stabil og gjør det enkelt å bla i og bytte ut ark.',
    ),
    tr(
      'Bra för kursmaterial, manualer och presentationer som används ofta.',
      'God til kursusmateriale, manualer og præsentationer, der bruges ofte.',
      'Good for course material, manuals and frequently used presentations.',
      'Hyvä kurssimateriaaleille, käyttöohjeille ja usein käytetyille esityksille.',
      'Fin til kursmateriell, manualer og presentasjoner som brukes ofte.',
    ),
  ),
  sleeves: type(
    'sleeves',
    tr('Plastficka', 'Plastlomme', 'Sheet protectors|p', 'Muovitasku', 'Plastlomme'),
    tr(
      'Den glasklara plasten skyddar dokumenten mot smuts, fukt och fingeravtryck.',
      'Den glasklare plast beskytter dokumenterne mod snavs, fugt og fingeraftryk.',
      'The crystal-clear plastic protects documents from dirt, moisture and fingerprints.',
      'Kirkas muovi suojaa asiakirjoja lialta, kosteudelta ja sormenjäljiltä.',
      'Den glassklare plasten beskytter dokumentene mot smuss, fukt og fingeravtrykk.',
    ),
    tr(
      'Universalhålningen gör att fickorna passar i de flesta pärmar.',
      'Universalhulningen gør, at lommerne passer i de fleste ringbind og ordnere.',
      'Universal punching fits most binders.',
      "Yleisrei'itys sopii useimpiin kansioihin.",
      'Universalhullingen gjør at lommene passer i de fleste permer.',
    ),
  ),
  folder: type(
    'folder',
    tr('Dokumentmapp', 'Dokumentmappe', 'Document folder', 'Asiakirjakansio', 'Dokumentmappe'),
    tr(
      'Gummibandet håller mappen stängd så att inga papper ramlar ut.',
      'Elastikken holder mappen lukket, så ingen papirer falder ud.',
      'The elastic closure keeps the folder shut so no papers fall out.',
      'Kuminauha pitää kansion kiinni, jotta paperit eivät putoa.',
      'Strikken holder mappen lukket så ingen papirer faller ut.',
    ),
    tr(
      'Smidig att ta med till möten, skolan eller hemmakontoret.',
      'Nem at tage med til møder, i skole eller på hjemmekontoret.',
      'Handy to bring to meetings, school or the home office.',
      'Kätevä ottaa mukaan kokouksiin, kouluun tai kotitoimistoon.',
      'Enkel å ta med på møter, skolen eller hjemmekontoret.',
    ),
  ),
  dividers: type(
    'dividers',
    tr('Register|n', 'Register|n', 'Dividers|p', 'Hakemisto', 'Register|n'),
    tr(
      'Tydliga flikar gör det lätt att dela in och hitta rätt i pärmen.',
      'Tydelige faneblade gør det let at inddele og finde rundt i ordneren.',
      'Clear tabs make it easy to organize and find your way in a binder.',
      'Selkeät välilehdet helpottavat kansion jäsentämistä ja oikean kohdan löytämistä.',
      'Tydelige faner gjør det lett å dele inn og finne frem i permen.',
    ),
    tr(
      'Passar standardpärmar med både 2 och 4 ringar.',
      'Passer til standardringbind og ordnere.',
      'Fits standard ring binders and lever arch binders.',
      'Sopii tavallisiin rengaskansioihin ja mappeihin.',
      'Passer i standard permer og ringpermer.',
    ),
  ),
  archivebox: type(
    'archivebox',
    tr('Arkivbox', 'Arkivkasse', 'Archive box', 'Arkistolaatikko', 'Arkivboks'),
    tr(
      'Kraftig kartong gör boxen stabil och stapelbar.',
      'Kraftig karton gør kassen stabil og stabelbar.',
      'Heavy-duty cardboard makes the box sturdy and stackable.',
      'Vahva pahvi tekee laatikosta tukevan ja pinottavan.',
      'Kraftig kartong gjør boksen stabil og stablebar.',
    ),
    tr(
      'Perfekt för långtidsarkivering av räkenskaper och avslutade projekt.',
      'Perfekt til langtidsarkivering af regnskaber og afsluttede projekter.',
      'Perfect for long-term storage of accounts and completed projects.',
      'Sopii kirjanpidon ja päättyneiden projektien pitkäaikaiseen arkistointiin.',
      'Perfekt for langtidsarkivering av regnskap og avsluttede prosjekter.',
    ),
  ),
} satisfies Record<string, ProductType>;
