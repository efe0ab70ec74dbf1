// The accessibility statement (docs/decisions/017-accessibility-statement.md): the European Accessibility
// Act (directive (EU) 2019/882) applies to web shops from 28 June 2025, and a shop must tell how its
// service meets the requirements (in Sweden lag (2023:254) om vissa produkters och tjänsters
// tillgänglighet, supervised by PTS). What it says of the checks must stay true of tests/e2e (the axe
// runs of `npm test`) and scripts/bench.mjs (Lighthouse): update the page when they change, and the
// review date with it.
import { tr } from './vocabulary';

/** The day the statement was last checked against the shop and its tests. */
export const ACCESSIBILITY_REVIEWED = '2026-11-27';

const MAIL = '<a href="mailto:kundservice@example.se">kundservice@example.se</a>';
const PTS = '<a href="https://www.pts.se">Post- och telestyrelsen (PTS)</a>';
const DIGST = '<a href="https://digst.dk">Digitaliseringsstyrelsen</a>';
const TRAFICOM = '<a href="https://www.traficom.fi">Traficom</a>';
const UU = '<a href="https://www.uutilsynet.no">Uu-tilsynet</a>';

const sv = [
  '<p>Kontorsgiganten ska gå att använda för alla, också med skärmläsare, förstoring, enbart tangentbord eller röststyrning. Här beskriver vi hur webbutiken uppfyller kraven i lagen (2023:254) om vissa produkters och tjänsters tillgänglighet, som genomför EU:s tillgänglighetsdirektiv och gäller e-handel sedan den 28 juni 2025.</p>',
  '<h2>Standard</h2><p>Webbutiken ska uppfylla WCAG 2.1 på nivå AA, så som riktlinjerna ingår i den europeiska standarden EN 301 549. Den fungerar också utan JavaScript: varukorg, kassa, inloggning och Mina sidor är vanliga formulär.</p>',
  '<h2>Så kontrollerar vi</h2><p>Vår automatiska testsvit går igenom sidorna i webbläsaren Chromium med verktyget axe och kräver noll fel mot WCAG 2.1 A och AA på: startsidan, kategori- och söksidor med filterpanelen, produktsidor, varumärkessidan, informationssidorna (också den här), favoriter, varukorgen, kassan, orderbekräftelsen, sidan för en betalning som inte gick igenom, inloggning och nytt konto, återställning av lösenord, Mina sidor (ordrar, saldo och inställningar), ångra köp, recensionsformuläret och meddelandena efter ett formulär, samt sidhuvudet med öppen meny och sidfoten. Flera av sidorna testas både i mobil- och datorbredd. Vid prestandamätningar kör vi dessutom Lighthouse på startsidan, en produktlista, en produktsida, en sökning, kassan och Mina sidor, med målet 100 av 100 för tillgänglighet.</p>',
  '<h2>Kända brister</h2><ul><li>Kort, faktura och delbetalning hanteras i vår betalpartners eget betalfönster. Det kan vi inte ändra och det ingår inte i våra tester; betalpartnern ansvarar för dess tillgänglighet. Kommer du inte vidare där, kontakta oss så hjälper vi dig.</li><li>Några delar testas inte automatiskt: sidan som visas när en adress inte finns, felsidan, själva betalsteget, cookiebannern (den visas bara när vi använder statistikverktyg) och mejlen vi skickar (orderbekräftelse, orderstatus, ångrat köp och nytt lösenord).</li><li>Webbutiken har hittills granskats med automatiska verktyg. De hittar inte alla brister, till exempel om en text eller ett felmeddelande är lätt att förstå.</li><li>Vi publicerar inga PDF-dokument eller videor.</li></ul>',
  `<h2>Rapportera en brist</h2><p>Stöter du på något som hindrar dig, skriv till ${MAIL} eller ring kundservice på 010-123 45 67 (vardagar 8–17). Berätta vilken sida det gäller och vad som hände, så svarar vi och hjälper dig att handla på annat sätt under tiden.</p>`,
  `<h2>Klaga hos tillsynsmyndigheten</h2><p>Är du inte nöjd med vårt svar kan du vända dig till den myndighet som har tillsyn: i Sverige ${PTS}. Handlar du från Danmark är det ${DIGST}, från Finland ${TRAFICOM} (Transport- och kommunikationsverket) och från Norge ${UU} vid Digitaliseringsdirektoratet, som har tillsyn över universell utformning av IKT.</p>`,
  '<p>Redogörelsen granskades senast den 27 november 2026.</p>',
].join('');

const da = [
  '<p>Kontorsgiganten skal kunne bruges af alle, også med skærmlæser, forstørrelse, kun tastatur eller stemmestyring. Her beskriver vi, hvordan netbutikken opfylder kravene i lov om tilgængelighedskrav for produkter og tjenester, som gennemfører EU’s tilgængelighedsdirektiv og gælder for e-handel fra den 28. juni 2025.</p>',
  '<h2>Standard</h2><p>Netbutikken skal opfylde WCAG 2.1 på niveau AA, sådan som retningslinjerne indgår i den europæiske standard EN 301 549. Den virker også uden JavaScript: kurv, kasse, login og Mine sider er almindelige formularer.</p>',
  '<h2>Sådan kontrollerer vi</h2><p>Vores automatiske testsuite gennemgår siderne i browseren Chromium med værktøjet axe og kræver nul fejl mod WCAG 2.1 A og AA på: forsiden, kategori- og søgesider med filterpanelet, produktsider, siden med varemærker, informationssiderne (også denne), favoritter, kurven, kassen, ordrebekræftelsen, siden for en betaling, der ikke gik igennem, login og ny konto, nulstilling af adgangskode, Mine sider (ordrer, saldo og indstillinger), fortrydelse af køb, anmeldelsesformularen og beskederne efter en formular samt sidehovedet med åben menu og sidefoden. Flere af siderne testes både i mobil- og computerbredde. Ved præstationsmålinger kører vi desuden Lighthouse på forsiden, en produktliste, en produktside, en søgning, kassen og Mine sider med målet 100 ud af 100 for tilgængelighed.</p>',
  '<h2>Kendte mangler</h2><ul><li>Kort, faktura og delbetaling håndteres i vores betalingspartners eget betalingsvindue. Det kan vi ikke ændre, og det indgår ikke i vores test; betalingspartneren er ansvarlig for dets tilgængelighed. Kommer du ikke videre dér, så kontakt os, og vi hjælper dig.</li><li>Nogle dele testes ikke automatisk: siden, der vises, når en adresse ikke findes, fejlsiden, selve betalingstrinnet, cookiebanneret (det vises kun, når vi bruger statistikværktøjer) og de e-mails, vi sender (ordrebekræftelse, ordrestatus, fortrudt køb og ny adgangskode).</li><li>Netbutikken er indtil videre gennemgået med automatiske værktøjer. De finder ikke alle mangler, for eksempel om en tekst eller en fejlbesked er let at forstå.</li><li>Vi udgiver ingen PDF-dokumenter eller videoer.</li></ul>',
  `<h2>Meld en mangel</h2><p>Støder du på noget, der forhindrer dig, så skriv til ${MAIL} eller ring til kundeservice på +46 10 123 45 67 (hverdage kl. 8–17). Fortæl, hvilken side det drejer sig om, og hvad der skete, så svarer vi og hjælper dig med at handle på en anden måde i mellemtiden.</p>`,
  `<h2>Klag til tilsynsmyndigheden</h2><p>Er du ikke tilfreds med vores svar, kan du klage til den myndighed, der fører tilsyn: i Danmark ${DIGST}. Handler du fra Sverige, er det ${PTS}, fra Finland ${TRAFICOM} og fra Norge ${UU} under Digitaliseringsdirektoratet, som fører tilsyn med universelt design af IKT.</p>`,
  '<p>Erklæringen blev senest gennemgået den 27. november 2026.</p>',
].join('');

const en = [
  '<p>Kontorsgiganten should be usable by everyone, including with a screen reader, magnification, a keyboard alone or voice control. This statement describes how the shop meets the requirements of the European Accessibility Act (directive (EU) 2019/882), which applies to online shops from 28 June 2025 (in Sweden through lag (2023:254) om vissa produkters och tjänsters tillgänglighet).</p>',
  '<h2>Standard</h2><p>The shop aims to meet WCAG 2.1 at level AA, as the guidelines are included in the European standard EN 301 549. It also works without JavaScript: the cart, checkout, login and My pages are plain forms.</p>',
  '<h2>How we check</h2><p>Our automated test suite goes through the pages in the Chromium browser with the axe tool and requires zero failures against WCAG 2.1 A and AA on: the home page, category and search pages with the filter panel, product pages, the brands page, the information pages (this one included), favorites, the cart, the checkout, the order confirmation, the page for a payment that did not go through, logging in and creating an account, password reset, My pages (orders, balance and settings), withdrawing from a purchase, the review form and the notices after a form, as well as the header with its menu open and the footer. Several pages are tested at both phone and desktop width. When we measure performance we also run Lighthouse on the home page, a product list, a product page, a search, the checkout and My pages, aiming for an accessibility score of 100 out of 100.</p>',
  '<h2>Known gaps</h2><ul><li>Card, invoice and instalment payments take place in our payment partner’s own payment window. We cannot change it and it is not part of our tests; the payment partner is responsible for its accessibility. If you get stuck there, contact us and we will help you.</li><li>Some parts are not tested automatically: the page shown when an address does not exist, the error page, the payment step itself, the cookie banner (shown only when we use analytics tools) and the emails we send (order confirmation, order status, withdrawal and new password).</li><li>So far the shop has been reviewed with automated tools. They do not find every problem, for example whether a text or an error message is easy to understand.</li><li>We publish no PDF documents or videos.</li></ul>',
  `<h2>Report a barrier</h2><p>If something stops you, email ${MAIL} or call customer service on +46 10 123 45 67 (weekdays 8 am–5 pm CET). Tell us which page it is and what happened; we will reply and help you shop another way in the meantime.</p>`,
  `<h2>Complain to the supervisory authority</h2><p>If you are not satisfied with our answer, you can turn to the authority that supervises accessibility where you shop from: in Sweden ${PTS}, in Denmark ${DIGST}, in Finland ${TRAFICOM} (the Finnish Transport and Communications Agency) and in Norway ${UU}, the Norwegian Digitalisation Agency’s authority for universal design of ICT.</p>`,
  '<p>This statement was last reviewed on 27 November 2026.</p>',
].join('');

const fi = [
  '<p>Kontorsgiganten-verkkokaupan pitää olla kaikkien käytettävissä, myös ruudunlukijalla, suurennuksella, pelkällä näppäimistöllä tai puheohjauksella. Tässä selosteessa kerromme, miten verkkokauppa täyttää EU:n esteettömyysdirektiivin (2019/882) vaatimukset, joita sovelletaan verkkokauppoihin 28.6.2025 alkaen.</p>',
  '<h2>Standardi</h2><p>Verkkokaupan tavoite on täyttää WCAG 2.1 -ohjeiden AA-taso sellaisena kuin ohjeet sisältyvät eurooppalaiseen standardiin EN 301 549. Kauppa toimii myös ilman JavaScriptiä: ostoskori, kassa, kirjautuminen ja Omat sivut ovat tavallisia lomakkeita.</p>',
  '<h2>Miten tarkistamme</h2><p>Automaattiset testimme käyvät sivut läpi Chromium-selaimessa axe-työkalulla ja edellyttävät, ettei WCAG 2.1 A- ja AA-tason virheitä ole seuraavilla sivuilla: etusivu, kategoria- ja hakusivut suodatinpaneeleineen, tuotesivut, tuotemerkkisivu, tietosivut (myös tämä), suosikit, ostoskori, kassa, tilausvahvistus, sivu maksulle, joka ei mennyt läpi, kirjautuminen ja uusi tili, salasanan vaihto, Omat sivut (tilaukset, saldo ja asetukset), ostoksen peruminen, arvostelulomake ja lomakkeen jälkeiset ilmoitukset sekä ylätunniste valikko avattuna ja alatunniste. Useita sivuja testataan sekä puhelimen että tietokoneen leveydellä. Suorituskykymittausten yhteydessä ajamme lisäksi Lighthousen etusivulle, tuotelistalle, tuotesivulle, haulle, kassalle ja Omille sivuille tavoitteena saavutettavuuspisteet 100/100.</p>',
  '<h2>Tunnetut puutteet</h2><ul><li>Kortti-, lasku- ja osamaksut hoidetaan maksukumppanimme omassa maksuikkunassa. Emme voi muuttaa sitä, eikä se kuulu testeihimme; maksukumppani vastaa sen saavutettavuudesta. Jos et pääse siinä eteenpäin, ota yhteyttä, niin autamme.</li><li>Joitakin osia ei testata automaattisesti: sivu, joka näytetään, kun osoitetta ei löydy, virhesivu, itse maksuvaihe, evästebanneri (näkyy vain, kun käytämme tilastotyökaluja) sekä lähettämämme sähköpostit (tilausvahvistus, tilauksen tila, peruttu ostos ja uusi salasana).</li><li>Verkkokauppa on toistaiseksi arvioitu automaattisilla työkaluilla. Ne eivät löydä kaikkia puutteita, esimerkiksi sitä, onko teksti tai virheilmoitus helppo ymmärtää.</li><li>Emme julkaise PDF-asiakirjoja tai videoita.</li></ul>',
  `<h2>Ilmoita saavutettavuuspuutteesta</h2><p>Jos jokin estää sinua käyttämästä kauppaa, kirjoita osoitteeseen ${MAIL} tai soita asiakaspalveluun numeroon +46 10 123 45 67 (arkisin klo 9–18 Suomen aikaa). Kerro, mitä sivua asia koskee ja mitä tapahtui, niin vastaamme ja autamme sinua asioimaan toisella tavalla sillä välin.</p>`,
  `<h2>Valitus valvontaviranomaiselle</h2><p>Jos et ole tyytyväinen vastaukseemme, voit kääntyä valvovan viranomaisen puoleen: Suomessa saavutettavuutta valvoo Liikenne- ja viestintävirasto ${TRAFICOM}. Ruotsista asioidessasi viranomainen on ${PTS}, Tanskasta ${DIGST} ja Norjasta Digitaliseringsdirektoratetin ${UU}, joka valvoo tieto- ja viestintäteknisten ratkaisujen esteettömyyttä.</p>`,
  '<p>Seloste on tarkistettu viimeksi 27.11.2026.</p>',
].join('');

const nb = [
  '<p>Kontorsgiganten skal kunne brukes av alle, også med skjermleser, forstørring, bare tastatur eller talestyring. Her beskriver vi hvordan nettbutikken oppfyller kravene til tilgjengelighet: EUs tilgjengelighetsdirektiv, som gjelder for netthandel i EU fra 28. juni 2025, og de norske reglene om universell utforming av IKT.</p>',
  '<h2>Standard</h2><p>Nettbutikken skal oppfylle WCAG 2.1 på nivå AA, slik retningslinjene inngår i den europeiske standarden EN 301 549. Den fungerer også uten JavaScript: handlekurv, kasse, innlogging og Mine sider er vanlige skjemaer.</p>',
  '<h2>Slik kontrollerer vi</h2><p>Den automatiske testpakken vår går gjennom sidene i nettleseren Chromium med verktøyet axe og krever null feil mot WCAG 2.1 A og AA på: forsiden, kategori- og søkesider med filterpanelet, produktsider, siden med varemerker, informasjonssidene (også denne), favoritter, handlekurven, kassen, ordrebekreftelsen, siden for en betaling som ikke gikk gjennom, innlogging og ny konto, tilbakestilling av passord, Mine sider (ordrer, saldo og innstillinger), angring av kjøp, anmeldelsesskjemaet og meldingene etter et skjema, samt toppfeltet med åpen meny og bunnfeltet. Flere av sidene testes både i mobil- og skjermbredde. Ved ytelsesmålinger kjører vi i tillegg Lighthouse på forsiden, en produktliste, en produktside, et søk, kassen og Mine sider, med mål om 100 av 100 for tilgjengelighet.</p>',
  '<h2>Kjente mangler</h2><ul><li>Kort, faktura og delbetaling håndteres i betalingspartnerens eget betalingsvindu. Det kan vi ikke endre, og det inngår ikke i testene våre; betalingspartneren er ansvarlig for tilgjengeligheten der. Kommer du ikke videre, kontakt oss, så hjelper vi deg.</li><li>Noen deler testes ikke automatisk: siden som vises når en adresse ikke finnes, feilsiden, selve betalingssteget, informasjonskapselbanneret (vises bare når vi bruker statistikkverktøy) og e-postene vi sender (ordrebekreftelse, ordrestatus, angret kjøp og nytt passord).</li><li>Nettbutikken er så langt gjennomgått med automatiske verktøy. De finner ikke alle mangler, for eksempel om en tekst eller en feilmelding er lett å forstå.</li><li>Vi publiserer ingen PDF-dokumenter eller videoer.</li></ul>',
  `<h2>Meld fra om en mangel</h2><p>Støter du på noe som hindrer deg, skriv til ${MAIL} eller ring kundeservice på +46 10 123 45 67 (hverdager kl. 8–17). Fortell hvilken side det gjelder og hva som skjedde, så svarer vi og hjelper deg å handle på en annen måte i mellomtiden.</p>`,
  `<h2>Klag til tilsynsmyndigheten</h2><p>Er du ikke fornøyd med svaret vårt, kan du klage til ${UU} (Tilsynet for universell utforming av ikt) i Digitaliseringsdirektoratet. Handler du fra Sverige, er myndigheten ${PTS}, fra Danmark ${DIGST} og fra Finland ${TRAFICOM}.</p>`,
  '<p>Erklæringen ble sist gjennomgått 27. november 2026.</p>',
].join('');

/** Content page 6; its shape is content-pages.ts's ContentPage (that file lists it). */
export const ACCESSIBILITY_PAGE = {
  id: 6,
  alias: tr('tillganglighet', 'tilgaengelighed', 'accessibility', 'saavutettavuus', 'tilgjengelighet'),
  title: tr(
    'Tillgänglighetsredogörelse',
    'Tilgængelighedserklæring',
    'Accessibility statement',
    'Saavutettavuusseloste',
    'Tilgjengelighetserklæring',
  ),
  metaDescription: tr(
    'Hur Kontorsgiganten uppfyller tillgänglighetskraven (WCAG 2.1 AA, EN 301 549), kända brister och vart du vänder dig.',
    'Hvordan Kontorsgiganten opfylder tilgængelighedskravene (WCAG 2.1 AA, EN 301 549), kendte mangler og hvor du henvender dig.',
    'How Kontorsgiganten meets the accessibility requirements (WCAG 2.1 AA, EN 301 549), known gaps and whom to contact.',
    'Miten Kontorsgiganten täyttää saavutettavuusvaatimukset (WCAG 2.1 AA, EN 301 549), tunnetut puutteet ja yhteystiedot.',
    'Hvordan Kontorsgiganten oppfyller kravene til tilgjengelighet (WCAG 2.1 AA, EN 301 549), kjente mangler og hvor du henvender deg.',
  ),
  html: tr(sv, da, en, fi, nb),
};
