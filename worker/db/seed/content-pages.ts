// Content pages in five languages. The terms page states the shop terms of spec §1: shipping 49 kr,
// free above 499 kr, return fee 49 kr booked via customer service, 14 days' right of withdrawal, 3 years'
// right of complaint, invoice 30 days, dispatch in 2–3 working days (longer when made to order), payment
// by card, Swish, invoice or instalments. Other markets' amounts follow their shipping fees. The last page
// is the accessibility statement (./content-accessibility.ts).
import { ACCESSIBILITY_PAGE } from './content-accessibility';
import { type Tr, tr } from './vocabulary';

export interface ContentPage {
  id: number;
  alias: Tr;
  title: Tr;
  metaDescription: Tr;
  /** Body HTML of the page's TEXT widget. */
  html: Tr;
}

export const CONTENT_PAGES: readonly ContentPage[] = [
  {
    id: 1,
    alias: tr('om-oss', 'om-os', 'about-us', 'tietoa-meista', 'om-oss'),
    title: tr('Om oss', 'Om os', 'About us', 'Tietoa meistä', 'Om oss'),
    metaDescription: tr(
      'Lär känna Kontorsgiganten – nordisk nätbutik för kontorsmaterial.',
      'Lær Kontorsgiganten at kende – nordisk netbutik for kontorartikler.',
      'Get to know Kontorsgiganten – the Nordic online store for office supplies.',
      'Tietoa Kontorsgiganten-verkkokaupasta: toimistotarvikkeita koko Pohjolaan.',
      'Bli kjent med Kontorsgiganten – nordisk nettbutikk for kontorrekvisita.',
    ),
    html: tr(
      '<p>Kontorsgiganten är en nordisk nätbutik för kontorsmaterial. Vi hjälper företag, skolor och privatpersoner i Sverige, Danmark, Norge och Finland att hitta allt från pennor och papper till ergonomiska stolar – från kända varumärken och till bra priser.</p><p>Vi lagerför det mesta själva och skickar din order inom 2–3 arbetsdagar. Vår kundservice hjälper dig gärna med val av produkter eller din beställning.</p><h2>Hållbarhet</h2><p>Vi väljer gärna produkter av återvunnet material och samlar leveranser för att minska transporterna.</p>',
      '<p>Kontorsgiganten er en nordisk netbutik for kontorartikler. Vi hjælper virksomheder, skoler og private i Sverige, Danmark, Norge og Finland med at finde alt fra kuglepenne og papir til ergonomiske stole – fra kendte mærker og til gode priser.</p><p>Vi har det meste på eget lager og sender din ordre inden for 2–3 hverdage. Vores kundeservice hjælper dig gerne med at vælge produkter eller med din bestilling.</p><h2>Bæredygtighed</h2><p>Vi vælger gerne produkter af genbrugsmaterialer og samler leveringer for at mindske transporten.</p>',
      '<p>Kontorsgiganten is a Nordic online store for office supplies. We help businesses, schools and individuals in Sweden, Denmark, Norway and Finland find everything from pens and paper to ergonomic chairs – from well-known brands at great prices.</p><p>We keep most items in our own warehouse and ship your order within 2–3 business days. Our customer service team is happy to help you choose products or with your order.</p><h2>Sustainability</h2><p>We favor products made from recycled materials and consolidate deliveries to reduce transport.</p>',
      '<p>Kontorsgiganten on pohjoismainen toimistotarvikkeiden verkkokauppa. Autamme yrityksiä, kouluja ja yksityishenkilöitä Ruotsissa, Tanskassa, Norjassa ja Suomessa löytämään kaiken kynistä ja paperista ergonomisiin tuoleihin – tunnetuilta merkeiltä ja edullisin hinnoin.</p><p>Pidämme suurimman osan tuotteista omassa varastossamme ja lähetämme tilauksesi 2–3 arkipäivän kuluessa. Asiakaspalvelumme auttaa mielellään tuotevalinnoissa ja tilauksiin liittyvissä kysymyksissä.</p><h2>Vastuullisuus</h2><p>Suosimme kierrätysmateriaaleista valmistettuja tuotteita ja yhdistämme toimituksia kuljetusten vähentämiseksi.</p>',
      '<p>Kontorsgiganten er en nordisk nettbutikk for kontorrekvisita. Vi hjelper bedrifter, skoler og privatpersoner i Sverige, Danmark, Norge og Finland med å finne alt fra penner og papir til ergonomiske stoler – fra kjente merker og til gode priser.</p><p>Vi har det meste på eget lager og sender bestillingen din innen 2–3 virkedager. Kundeservice hjelper deg gjerne med produktvalg eller bestillingen din.</p><h2>Bærekraft</h2><p>Vi velger gjerne produkter av resirkulert materiale og samler leveranser for å redusere transporten.</p>',
    ),
  },
  {
    id: 2,
    alias: tr('kopvillkor', 'handelsbetingelser', 'terms-and-conditions', 'tilaus-ja-toimitusehdot', 'kjopsvilkar'),
    title: tr('Köpvillkor', 'Handelsbetingelser', 'Terms and conditions', 'Tilaus- ja toimitusehdot', 'Kjøpsvilkår'),
    metaDescription: tr(
      'Frakt, betalning, ångerrätt, retur och reklamation hos Kontorsgiganten.',
      'Fragt, betaling, fortrydelsesret, returnering og reklamation hos Kontorsgiganten.',
      'Shipping, payment, right of withdrawal, returns and complaints at Kontorsgiganten.',
      'Toimitus, maksaminen, peruuttamisoikeus, palautukset ja reklamaatiot.',
      'Frakt, betaling, angrerett, retur og reklamasjon hos Kontorsgiganten.',
    ),
    html: tr(
      '<h2>Priser</h2><p>Alla priser anges inklusive moms. Som företagskund kan du välja att visa priserna exklusive moms.</p><h2>Frakt</h2><p>Frakten kostar 49 kr och är fri vid köp över 499 kr. I Danmark kostar frakten 39 kr (fri över 399 kr), i Norge 59 kr (fri över 599 kr) och i Finland 4,90 € (fri över 49 €).</p><h2>Leveranstid</h2><p>Vi skickar din order inom 2–3 arbetsdagar. Varor som tillverkas på beställning har längre leveranstid, vilket framgår på produktsidan.</p><h2>Betalning</h2><p>Du betalar med kort, Swish, faktura eller delbetalning via vår betalpartner. Fakturan har 30 dagars betalningsvillkor. Swish finns endast i Sverige.</p><h2>Ångerrätt och retur</h2><p>Du har 14 dagars ångerrätt från den dag du tar emot varan. Returen bokas via vår kundservice. Returavgiften är 49 kr (39 kr i Danmark, 59 kr i Norge och 4,90 € i Finland).</p><h2>Reklamation</h2><p>Du har 3 års reklamationsrätt på fel som fanns när du tog emot varan. Kontakta kundservice så hjälper vi dig.</p>',
      '<h2>Priser</h2><p>Alle priser er inklusive moms. Som erhvervskunde kan du vælge at få vist priserne uden moms.</p><h2>Fragt</h2><p>I Danmark koster fragten 39 kr., og der er fri fragt ved køb over 399 kr. I Sverige koster fragten 49 kr (fri over 499 kr), i Norge 59 kr (fri over 599 kr) og i Finland 4,90 € (fri over 49 €).</p><h2>Leveringstid</h2><p>Vi sender din ordre inden for 2–3 hverdage. Varer, der fremstilles på bestilling, har længere leveringstid, hvilket fremgår af produktsiden.</p><h2>Betaling</h2><p>Du betaler med kort, Swish, faktura eller delbetaling via vores betalingspartner. Fakturaen har 30 dages betalingsfrist. Swish findes kun i Sverige.</p><h2>Fortrydelsesret og returnering</h2><p>Du har 14 dages fortrydelsesret fra den dag, du modtager varen. Returneringen bookes via vores kundeservice. Returgebyret er 39 kr. i Danmark (49 kr i Sverige, 59 kr i Norge og 4,90 € i Finland).</p><h2>Reklamation</h2><p>Du har 3 års reklamationsret på fejl, der var til stede, da du modtog varen. Kontakt kundeservice, så hjælper vi dig.</p>',
      '<h2>Prices</h2><p>All prices include VAT. Business customers can choose to see prices excluding VAT.</p><h2>Shipping</h2><p>Shipping costs SEK 49 in Sweden and is free on orders over SEK 499. In Denmark shipping costs DKK 39 (free over DKK 399), in Norway NOK 59 (free over NOK 599) and in Finland €4.90 (free over €49).</p><h2>Delivery time</h2><p>We ship your order within 2–3 business days. Made-to-order items take longer, as stated on the product page.</p><h2>Payment</h2><p>You can pay by card, Swish, invoice or installments through our payment partner. Invoices are due within 30 days. Swish is only available in Sweden.</p><h2>Right of withdrawal and returns</h2><p>You have a 14-day right of withdrawal from the day you receive your goods. Returns are booked through our customer service. The return fee is SEK 49 (DKK 39 in Denmark, NOK 59 in Norway and €4.90 in Finland).</p><h2>Complaints</h2><p>You have a 3-year right to complain about defects that existed when you received the goods. Contact customer service and we will help you.</p>',
      '<h2>Hinnat</h2><p>Kaikki hinnat sisältävät arvonlisäveron. Yritysasiakkaana voit valita, näytetäänkö hinnat ilman arvonlisäveroa.</p><h2>Toimituskulut</h2><p>Suomessa toimitus maksaa 4,90 € ja on maksuton yli 49 €:n tilauksille. Ruotsissa toimitus maksaa 49 kr (maksuton yli 499 kr), Tanskassa 39 kr (maksuton yli 399 kr) ja Norjassa 59 kr (maksuton yli 599 kr).</p><h2>Toimitusaika</h2><p>Lähetämme tilauksesi 2–3 arkipäivän kuluessa. Tilauksesta valmistettavien tuotteiden toimitusaika on pidempi, ja se kerrotaan tuotesivulla.</p><h2>Maksaminen</h2><p>Voit maksaa kortilla, Swishillä, laskulla tai osamaksulla maksukumppanimme kautta. Laskun maksuaika on 30 päivää. Swish on käytettävissä vain Ruotsissa.</p><h2>Peruuttamisoikeus ja palautukset</h2><p>Sinulla on 14 päivän peruuttamisoikeus siitä päivästä, jona vastaanotat tuotteen. Palautus varataan asiakaspalvelumme kautta. Palautusmaksu on Suomessa 4,90 € (Ruotsissa 49 kr, Tanskassa 39 kr ja Norjassa 59 kr).</p><h2>Reklamaatiot</h2><p>Sinulla on 3 vuoden reklamaatio-oikeus virheisiin, jotka olivat olemassa tuotteen vastaanottohetkellä. Ota yhteyttä asiakaspalveluun, niin autamme sinua.</p>',
      '<h2>Priser</h2><p>Alle priser er inkludert merverdiavgift. Som bedriftskunde kan du velge å se prisene uten mva.</p><h2>Frakt</h2><p>I Norge koster frakten 59 kr, og den er gratis ved kjøp over 599 kr. I Sverige koster frakten 49 kr (gratis over 499 kr), i Danmark 39 kr (gratis over 399 kr) og i Finland 4,90 € (gratis over 49 €).</p><h2>Leveringstid</h2><p>Vi sender bestillingen din innen 2–3 virkedager. Varer som produseres på bestilling, har lengre leveringstid, noe som fremgår av produktsiden.</p><h2>Betaling</h2><p>Du betaler med kort, Swish, faktura eller delbetaling via vår betalingspartner. Fakturaen har 30 dagers betalingsfrist. Swish er bare tilgjengelig i Sverige.</p><h2>Angrerett og retur</h2><p>Du har 14 dagers angrerett fra den dagen du mottar varen. Returen bestilles via kundeservice. Returgebyret er 59 kr i Norge (49 kr i Sverige, 39 kr i Danmark og 4,90 € i Finland).</p><h2>Reklamasjon</h2><p>Du har 3 års reklamasjonsrett på feil som fantes da du mottok varen. Kontakt kundeservice, så hjelper vi deg.</p>',
    ),
  },
  {
    id: 3,
    alias: tr('leveranser', 'levering', 'delivery', 'toimitukset', 'levering'),
    title: tr('Leveranser', 'Levering', 'Delivery', 'Toimitukset', 'Levering'),
    metaDescription: tr(
      'Leveranstider, fraktsätt och fraktkostnader.',
      'Leveringstider, leveringsmetoder og fragtpriser.',
      'Delivery times, shipping methods and shipping costs.',
      'Toimitusajat, toimitustavat ja toimituskulut.',
      'Leveringstider, fraktmetoder og fraktkostnader.',
    ),
    html: tr(
      '<p>Vi skickar din order inom 2–3 arbetsdagar från vårt lager. Varor som tillverkas på beställning, till exempel vissa kontorsstolar och whiteboards, har längre leveranstid som anges på produktsidan.</p><h2>Fraktsätt</h2><ul><li>PostNord – hemleverans eller till ditt närmaste ombud</li><li>DHL Freight – för större och tyngre försändelser</li><li>Bring – i Norge och Danmark</li><li>Posti – i Finland</li></ul><h2>Fraktkostnad</h2><p>Frakten kostar 49 kr och är fri vid köp över 499 kr. I varukorgen ser du alltid hur mycket som återstår till fri frakt.</p><p>När ordern har skickats får du ett mejl med en spårningslänk.</p>',
      '<p>Vi sender din ordre inden for 2–3 hverdage fra vores lager. Varer, der fremstilles på bestilling, for eksempel visse kontorstole og whiteboards, har længere leveringstid, som fremgår af produktsiden.</p><h2>Leveringsmetoder</h2><ul><li>PostNord – levering til døren eller til nærmeste pakkeshop</li><li>DHL Freight – til større og tungere forsendelser</li><li>Bring – i Norge og Danmark</li><li>Posti – i Finland</li></ul><h2>Fragtpris</h2><p>I Danmark koster fragten 39 kr., og der er fri fragt ved køb over 399 kr. I kurven kan du altid se, hvor meget der mangler til fri fragt.</p><p>Når ordren er afsendt, får du en e-mail med et link til sporing.</p>',
      '<p>We ship your order within 2–3 business days from our warehouse. Made-to-order items, such as some office chairs and whiteboards, take longer; the delivery time is stated on the product page.</p><h2>Shipping methods</h2><ul><li>PostNord – home delivery or to your nearest pickup point</li><li>DHL Freight – for larger and heavier shipments</li><li>Bring – in Norway and Denmark</li><li>Posti – in Finland</li></ul><h2>Shipping cost</h2><p>Shipping costs SEK 49 in Sweden and is free on orders over SEK 499. Your cart always shows how much is left until free shipping.</p><p>Once your order has shipped, you will receive an email with a tracking link.</p>',
      '<p>Lähetämme tilauksesi varastostamme 2–3 arkipäivän kuluessa. Tilauksesta valmistettavien tuotteiden, kuten joidenkin työtuolien ja valkotaulujen, toimitusaika on pidempi, ja se kerrotaan tuotesivulla.</p><h2>Toimitustavat</h2><ul><li>PostNord – kotiinkuljetus tai lähimpään noutopisteeseen</li><li>DHL Freight – suurille ja painaville lähetyksille</li><li>Bring – Norjassa ja Tanskassa</li><li>Posti – Suomessa</li></ul><h2>Toimituskulut</h2><p>Suomessa toimitus maksaa 4,90 € ja on maksuton yli 49 €:n tilauksille. Ostoskorista näet aina, paljonko ilmaiseen toimitukseen on vielä matkaa.</p><p>Kun tilauksesi on lähetetty, saat sähköpostiisi seurantalinkin.</p>',
      '<p>Vi sender bestillingen din innen 2–3 virkedager fra lageret vårt. Varer som produseres på bestilling, for eksempel enkelte kontorstoler og whiteboards, har lengre leveringstid, som står på produktsiden.</p><h2>Fraktmetoder</h2><ul><li>PostNord – hjemlevering eller til nærmeste hentested</li><li>DHL Freight – for større og tyngre sendinger</li><li>Bring – i Norge og Danmark</li><li>Posti – i Finland</li></ul><h2>Fraktkostnad</h2><p>I Norge koster frakten 59 kr, og den er gratis ved kjøp over 599 kr. I handlekurven ser du alltid hvor mye som gjenstår til gratis frakt.</p><p>Når bestillingen er sendt, får du en e-post med sporingslenke.</p>',
    ),
  },
  {
    id: 4,
    alias: tr('integritetspolicy', 'privatlivspolitik', 'privacy-policy', 'tietosuoja', 'personvern'),
    title: tr(
      'Integritet & cookies',
      'Privatliv & cookies',
      'Privacy & cookies',
      'Tietosuoja & evästeet',
      'Personvern & informasjonskapsler',
    ),
    metaDescription: tr(
      'Så behandlar vi dina personuppgifter och cookies.',
      'Sådan behandler vi dine personoplysninger og cookies.',
      'How we handle your personal data and cookies.',
      'Näin käsittelemme henkilötietojasi ja evästeitä.',
      'Slik behandler vi personopplysningene dine og informasjonskapsler.',
    ),
    html: tr(
      '<p>Vi värnar om din integritet och behandlar dina personuppgifter enligt dataskyddsförordningen (GDPR). Vi sparar bara de uppgifter som behövs för att hantera din beställning, ditt konto och vår kundservice.</p><h2>Cookies</h2><p>Vi använder nödvändiga cookies för varukorg, inloggning och val av marknad. Cookies för statistik och marknadsföring använder vi bara om du har godkänt det.</p><h2>Dina rättigheter</h2><p>Du har rätt att få veta vilka uppgifter vi har om dig, att få dem rättade eller raderade och att när som helst ta bort ditt konto. Kontakta kundservice om du har frågor.</p>',
      '<p>Vi passer på dit privatliv og behandler dine personoplysninger i overensstemmelse med databeskyttelsesforordningen (GDPR). Vi gemmer kun de oplysninger, der er nødvendige for at håndtere din ordre, din konto og vores kundeservice.</p><h2>Cookies</h2><p>Vi bruger nødvendige cookies til indkøbskurv, login og valg af marked. Cookies til statistik og markedsføring bruger vi kun, hvis du har givet samtykke.</p><h2>Dine rettigheder</h2><p>Du har ret til at få indsigt i de oplysninger, vi har om dig, til at få dem rettet eller slettet og til når som helst at slette din konto. Kontakt kundeservice, hvis du har spørgsmål.</p>',
      '<p>We care about your privacy and process your personal data in accordance with the General Data Protection Regulation (GDPR). We only store the information needed to handle your order, your account and our customer service.</p><h2>Cookies</h2><p>We use necessary cookies for the shopping cart, login and market selection. We only use cookies for statistics and marketing if you have given your consent.</p><h2>Your rights</h2><p>You have the right to know what data we hold about you, to have it corrected or deleted, and to delete your account at any time. Contact customer service if you have any questions.</p>',
      '<p>Suojaamme yksityisyyttäsi ja käsittelemme henkilötietojasi tietosuoja-asetuksen (GDPR) mukaisesti. Tallennamme vain ne tiedot, joita tarvitaan tilauksesi, asiakastilisi ja asiakaspalvelumme hoitamiseen.</p><h2>Evästeet</h2><p>Käytämme välttämättömiä evästeitä ostoskoria, kirjautumista ja markkina-alueen valintaa varten. Tilasto- ja markkinointievästeitä käytämme vain, jos olet antanut siihen suostumuksesi.</p><h2>Oikeutesi</h2><p>Sinulla on oikeus tietää, mitä tietoja meillä on sinusta, saada ne oikaistuiksi tai poistetuiksi sekä poistaa asiakastilisi milloin tahansa. Ota yhteyttä asiakaspalveluun, jos sinulla on kysyttävää.</p>',
      '<p>Vi tar vare på personvernet ditt og behandler personopplysningene dine i samsvar med personvernforordningen (GDPR). Vi lagrer bare opplysningene som trengs for å håndtere bestillingen din, kontoen din og kundeservice.</p><h2>Informasjonskapsler</h2><p>Vi bruker nødvendige informasjonskapsler for handlekurv, innlogging og valg av marked. Informasjonskapsler for statistikk og markedsføring bruker vi bare hvis du har samtykket til det.</p><h2>Dine rettigheter</h2><p>Du har rett til innsyn i opplysningene vi har om deg, til å få dem rettet eller slettet og til når som helst å slette kontoen din. Kontakt kundeservice hvis du har spørsmål.</p>',
    ),
  },
  {
    id: 5,
    alias: tr('kundservice', 'kundeservice', 'customer-service', 'asiakaspalvelu', 'kundeservice'),
    title: tr(
      'Kundservice & kontakt',
      'Kundeservice & kontakt',
      'Customer service & contact',
      'Asiakaspalvelu & yhteystiedot',
      'Kundeservice & kontakt',
    ),
    metaDescription: tr(
      'Kontakta Kontorsgigantens kundservice via e-post eller telefon.',
      'Kontakt Kontorsgigantens kundeservice via e-mail eller telefon.',
      'Contact Kontorsgiganten customer service by email or phone.',
      'Ota yhteyttä asiakaspalveluumme sähköpostilla tai puhelimitse.',
      'Kontakt kundeservice hos Kontorsgiganten på e-post eller telefon.',
    ),
    html: tr(
      '<p>Vår kundservice hjälper dig gärna med frågor om produkter, beställningar, leveranser och returer.</p><h2>Kontakta oss</h2><ul><li>E-post: kundservice@example.se</li><li>Telefon: 010-123 45 67</li><li>Öppettider: vardagar 8–17</li></ul><p>Vill du returnera en vara bokar du returen via kundservice. Ange gärna ditt ordernummer när du kontaktar oss.</p><p>Kontorsgiganten AB, Exempelgatan 1, 123 45 Exempelstad</p>',
      '<p>Vores kundeservice hjælper dig gerne med spørgsmål om produkter, ordrer, levering og returnering.</p><h2>Kontakt os</h2><ul><li>E-mail: kundservice@example.se</li><li>Telefon: +46 10 123 45 67</li><li>Åbningstider: hverdage kl. 8–17</li></ul><p>Hvis du vil returnere en vare, booker du returneringen via kundeservice. Oplys gerne dit ordrenummer, når du kontakter os.</p><p>Kontorsgiganten AB, Exempelgatan 1, 123 45 Exempelstad, Sverige</p>',
      '<p>Our customer service team is happy to help with questions about products, orders, deliveries and returns.</p><h2>Contact us</h2><ul><li>Email: kundservice@example.se</li><li>Phone: +46 10 123 45 67</li><li>Opening hours: weekdays 8 am–5 pm (CET)</li></ul><p>To return an item, book the return through customer service. Please include your order number when you contact us.</p><p>Kontorsgiganten AB, Exempelgatan 1, 123 45 Exempelstad, Sweden</p>',
      '<p>Asiakaspalvelumme auttaa mielellään tuotteisiin, tilauksiin, toimituksiin ja palautuksiin liittyvissä kysymyksissä.</p><h2>Ota yhteyttä</h2><ul><li>Sähköposti: kundservice@example.se</li><li>Puhelin: +46 10 123 45 67</li><li>Aukioloajat: arkisin klo 9–18 (Suomen aikaa)</li></ul><p>Jos haluat palauttaa tuotteen, varaa palautus asiakaspalvelun kautta. Kerrothan tilausnumerosi, kun otat yhteyttä.</p><p>Kontorsgiganten AB, Exempelgatan 1, 123 45 Exempelstad, Ruotsi</p>',
      '<p>Kundeservice hjelper deg gjerne med spørsmål om produkter, bestillinger, levering og retur.</p><h2>Kontakt oss</h2><ul><li>E-post: kundservice@example.se</li><li>Telefon: +46 10 123 45 67</li><li>Åpningstider: hverdager kl. 8–17</li></ul><p>Vil du returnere en vare, bestiller du returen via kundeservice. Oppgi gjerne ordrenummeret ditt når du kontakter oss.</p><p>Kontorsgiganten AB, Exempelgatan 1, 123 45 Exempelstad, Sverige</p>',
    ),
  },
  ACCESSIBILITY_PAGE,
];
