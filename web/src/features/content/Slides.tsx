import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { ActionIcon, Anchor, Box, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { fileUrl } from '../../app/upload.ts';
import { publicContentQuery } from './api.ts';
import { localized } from './format.ts';

/** Spec: slider delay 9000 ms. */
const SLIDE_DELAY_MS = 9000;

/**
 * The home slides (published, in the admins' order): arrows and dots are buttons, the arrow keys move while the
 * carousel has focus, and the slideshow has a pause button (it also pauses while pointed at or focused, and does
 * not start for a visitor who asks for reduced motion).
 */
export function Slides() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const slides = useQuery(publicContentQuery('slide', 1, 20));
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [playing, setPlaying] = useState(
    () => typeof matchMedia === 'undefined' || !matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [held, setHeld] = useState(false);
  const [current, setCurrent] = useState(0);
  const rows = slides.data?.rows ?? [];

  useEffect(() => {
    if (!embla || !playing || held || rows.length < 2) return;
    const timer = setInterval(() => embla.scrollNext(), SLIDE_DELAY_MS);
    return () => clearInterval(timer);
  }, [embla, playing, held, rows.length]);

  if (rows.length === 0) return null;
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('content.slides')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      data-testid="home-slides"
    >
      <Carousel
        withIndicators={rows.length > 1}
        withControls={rows.length > 1}
        emblaOptions={{ loop: true, direction: lang === 'ar' ? 'rtl' : 'ltr' }}
        getEmblaApi={setEmbla}
        onSlideChange={setCurrent}
        previousControlProps={{ 'aria-label': t('content.slidePrev') }}
        nextControlProps={{ 'aria-label': t('content.slideNext') }}
        getIndicatorProps={(i) => ({ 'aria-label': t('content.slideN', { n: i + 1, total: rows.length }) })}
        height={360}
      >
        {rows.map((s, i) => {
          const text = localized(s, lang);
          return (
            <Carousel.Slide
              key={s.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('content.slideN', { n: i + 1, total: rows.length })}
              aria-hidden={i !== current}
            >
              <Box pos="relative" h="100%">
                {s.image && (
                  <Image
                    src={fileUrl(s.image.fileId)}
                    alt=""
                    h={360}
                    fit="cover"
                    loading={i === 0 ? 'eager' : 'lazy'}
                  />
                )}
                <Stack
                  pos="absolute"
                  bottom={0}
                  left={0}
                  right={0}
                  p="md"
                  // Room under the text for the carousel's dots.
                  pb={rows.length > 1 ? 36 : 'md'}
                  gap={4}
                  bg="rgba(0,0,0,0.62)"
                  c="white"
                  lang={text.lang}
                >
                  <Title order={2} size="h3" c="white">
                    {text.title}
                  </Title>
                  {text.summary && <Text c="white">{text.summary}</Text>}
                  {s.link && (
                    <Anchor href={s.link} c="white" underline="always" tabIndex={i === current ? 0 : -1}>
                      {t('content.readMore')}
                    </Anchor>
                  )}
                </Stack>
              </Box>
            </Carousel.Slide>
          );
        })}
      </Carousel>
      {rows.length > 1 && (
        <Group justify="center" mt={4}>
          <ActionIcon
            variant="default"
            aria-pressed={!playing}
            aria-label={playing ? t('content.slidesPause') : t('content.slidesPlay')}
            onClick={() => setPlaying((p) => !p)}
            data-testid="slides-pause"
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}
