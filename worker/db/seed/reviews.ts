// Product reviews: mostly positive, in the shoppers' own languages, mostly accepted (spec §4: reviews are
// published after acceptance). Authors are first names with an initial; customer_id stays NULL.
import type { Product } from './catalog';
import { addDays, Rng, timestamp } from './sql';
import { LANGUAGE_IDS, type LanguageId } from './vocabulary';

export interface Review {
  id: number;
  productId: number;
  author: string;
  rating: number;
  comment: string;
  languageId: LanguageId;
  status: 'ACCEPTED' | 'PENDING' | 'REJECTED';
  createdAt: string;
}

/** Per language: nine positive (4–5 stars), three neutral (3), three negative (1–2) comments. */
const COMMENTS: Record<LanguageId, readonly string[]> = {
  'sv-SE': [
    'Precis vad jag behövde. Snabb leverans!',
    'Håller hög kvalitet och känns prisvärd.',
    'Använder den varje dag på kontoret och är mycket nöjd.',
    'Beställde till hela avdelningen – alla är nöjda.',
    'Bra produkt som fungerar precis som utlovat.',
    'Andra gången jag köper den här. Rekommenderas!',
    'Smidig beställning och varan kom inom två dagar.',
    'Snygg design och bra finish. Köper gärna igen.',
    'Bäst i sin klass för pengarna.',
    'Helt okej, men inget extra.',
    'Gör sitt jobb, även om kvaliteten kunde vara bättre.',
    'Bra produkt men leveransen tog lite längre tid än väntat.',
    'Tyvärr inte vad jag hade förväntat mig.',
    'Gick sönder efter några veckor. Besviken.',
    'Kvaliteten motsvarar inte priset.',
  ],
  'da-DK': [
    'Præcis hvad jeg havde brug for. Hurtig levering!',
    'God kvalitet til en fornuftig pris.',
    'Bruger den hver dag på kontoret og er meget tilfreds.',
    'Bestilte til hele afdelingen – alle er glade.',
    'Godt produkt, der virker præcis som lovet.',
    'Anden gang jeg køber den. Kan anbefales!',
    'Nem bestilling, og varen kom inden for to dage.',
    'Flot design og god finish. Køber gerne igen.',
    'Bedst i sin klasse til prisen.',
    'Helt okay, men ikke noget særligt.',
    'Gør sit arbejde, selvom kvaliteten kunne være bedre.',
    'Godt produkt, men leveringen tog lidt længere tid end ventet.',
    'Desværre ikke hvad jeg havde forventet.',
    'Gik i stykker efter et par uger. Skuffet.',
    'Kvaliteten svarer ikke til prisen.',
  ],
  'en-US': [
    'Exactly what I needed. Fast delivery!',
    'Great quality and good value for money.',
    'I use it every day at the office and I am very happy with it.',
    'Ordered for the whole team – everyone is pleased.',
    'Good product that works exactly as promised.',
    'Second time buying this. Highly recommended!',
    'Easy ordering and it arrived within two days.',
    'Nice design and a good finish. Would buy again.',
    'Best in its class for the price.',
    'Perfectly fine, but nothing special.',
    'Does the job, although the quality could be better.',
    'Good product, but delivery took a little longer than expected.',
    'Unfortunately not what I expected.',
    'Broke after a few weeks. Disappointed.',
    'The quality does not match the price.',
  ],
  'fi-FI': [
    'Juuri sitä mitä tarvitsin. Nopea toimitus!',
    'Hyvä laatu ja edullinen hinta.',
    'Käytän tätä päivittäin toimistolla ja olen erittäin tyytyväinen.',
    'Tilasin koko osastolle – kaikki ovat tyytyväisiä.',
    'Hyvä tuote, joka toimii juuri niin kuin luvattiin.',
    'Ostin jo toista kertaa. Suosittelen!',
    'Helppo tilata, ja tuote tuli kahdessa päivässä.',
    'Tyylikäs muotoilu ja hyvä viimeistely. Ostaisin uudelleen.',
    'Hintaansa nähden luokkansa paras.',
    'Ihan ok, mutta ei mitään erikoista.',
    'Ajaa asiansa, vaikka laatu voisi olla parempi.',
    'Hyvä tuote, mutta toimitus kesti hieman odotettua kauemmin.',
    'Valitettavasti ei vastannut odotuksiani.',
    'Hajosi muutaman viikon käytön jälkeen. Pettymys.',
    'Laatu ei vastaa hintaa.',
  ],
  'nb-NO': [
    'Akkurat det jeg trengte. Rask levering!',
    'God kvalitet til en fornuftig pris.',
    'Bruker den hver dag på kontoret og er svært fornøyd.',
    'Bestilte til hele avdelingen – alle er fornøyde.',
    'Godt produkt som fungerer akkurat som lovet.',
    'Andre gang jeg kjøper denne. Anbefales!',
    'Enkel bestilling, og varen kom innen to dager.',
    'Pent design og god finish. Kjøper gjerne igjen.',
    'Best i klassen til prisen.',
    'Helt greit, men ikke noe spesielt.',
    'Gjør jobben, selv om kvaliteten kunne vært bedre.',
    'Godt produkt, men leveringen tok litt lengre tid enn ventet.',
    'Dessverre ikke det jeg hadde forventet.',
    'Gikk i stykker etter noen uker. Skuffet.',
    'Kvaliteten står ikke i forhold til prisen.',
  ],
};

const FIRST_NAMES: Record<LanguageId, readonly string[]> = {
  'sv-SE': [
    'Anna',
    'Erik',
    'Maria',
    'Lars',
    'Karin',
    'Johan',
    'Sara',
    'Anders',
    'Emma',
    'Per',
    'Lena',
    'Mikael',
    'Elin',
    'Oskar',
    'Ingrid',
  ],
  'da-DK': [
    'Mette',
    'Søren',
    'Louise',
    'Rasmus',
    'Camilla',
    'Jens',
    'Sofie',
    'Mads',
    'Line',
    'Henrik',
    'Ida',
    'Kasper',
    'Birgitte',
    'Frederik',
  ],
  'en-US': [
    'John',
    'Emily',
    'Michael',
    'Sarah',
    'David',
    'Jessica',
    'James',
    'Laura',
    'Daniel',
    'Rachel',
    'Chris',
    'Olivia',
  ],
  'fi-FI': [
    'Mikko',
    'Johanna',
    'Juha',
    'Laura',
    'Timo',
    'Anne',
    'Jari',
    'Satu',
    'Antti',
    'Heidi',
    'Petri',
    'Kaisa',
    'Ville',
    'Riikka',
  ],
  'nb-NO': [
    'Ole',
    'Kari',
    'Lars',
    'Ingrid',
    'Magnus',
    'Silje',
    'Eirik',
    'Hanne',
    'Jonas',
    'Marte',
    'Kristian',
    'Ragnhild',
    'Sindre',
    'Håkon',
  ],
};

const INITIALS = 'ABDEFGHJKLMNOPRSTV';
/** Share of reviews per language (sv, da, en, fi, nb) and per rating (1–5 stars). */
const LANGUAGE_WEIGHTS = [45, 15, 10, 15, 15];
const RATING_WEIGHTS = [3, 4, 9, 28, 56];

function commentIndex(rating: number, rng: Rng): number {
  if (rating >= 4) return rng.int(0, 8);
  if (rating === 3) return rng.int(9, 11);
  return rng.int(12, 14);
}

/** About `target` reviews over half as many products, favouring the best sellers. */
export function buildReviews(products: readonly Product[], seedDate: string, target = 600): Review[] {
  const rng = new Rng('reviews');
  const wantedProducts = Math.min(products.length, Math.round(target / 2));
  const ranked = rng.shuffle(products).sort((a, b) => b.soldCount - a.soldCount);
  const chosen = [
    ...ranked.slice(0, Math.round(wantedProducts * 0.6)),
    ...rng
      .shuffle(ranked.slice(Math.round(wantedProducts * 0.6)))
      .slice(0, wantedProducts - Math.round(wantedProducts * 0.6)),
  ];
  const reviews: Review[] = [];
  chosen
    .sort((a, b) => a.id - b.id)
    .forEach((product) => {
      const count = 1 + rng.weighted([3, 4, 3]);
      const daysAvailable = Math.max(
        1,
        Math.round((Date.parse(seedDate) - Date.parse(product.firstAvailableOn)) / 86_400_000),
      );
      for (let n = 0; n < count && reviews.length < target; n++) {
        const language = LANGUAGE_IDS[rng.weighted(LANGUAGE_WEIGHTS)] as LanguageId;
        const rating = rng.weighted(RATING_WEIGHTS) + 1;
        const statusRoll = rng.next();
        reviews.push({
          id: reviews.length + 1,
          productId: product.id,
          author: `${rng.pick(FIRST_NAMES[language])} ${INITIALS[rng.int(0, INITIALS.length - 1)]}.`,
          rating,
          comment: COMMENTS[language][commentIndex(rating, rng)] as string,
          languageId: language,
          status: statusRoll < 0.87 ? 'ACCEPTED' : statusRoll < 0.96 ? 'PENDING' : 'REJECTED',
          createdAt: timestamp(addDays(seedDate, -rng.int(1, daysAvailable)), rng.int(7, 22), rng.int(0, 59)),
        });
      }
    });
  return reviews;
}
