// A page whose body is one of the product's texts (web/content): the public pages in the app
// (the server answers a direct visit with their prerendered copy) and the signed-in Tutorials,
// Roadmap and Changelog. The HTML is ours, made at build time from the repository's Markdown.
import { Container, Loader, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useContent, usePublicStrings, type ContentPageName } from '../content';
import classes from './ContentPage.module.css';

export function ContentPage({ page }: { page: ContentPageName }) {
  const ready = usePublicStrings();
  const { t } = useTranslation('public');
  const html = useContent(page);
  const title = ready ? t(`${page}_title`) : '';
  useEffect(() => {
    if (title) document.title = `${title} · Switchboard`;
  }, [title]);
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        {html === null ? (
          <Loader size="sm" aria-label={ready ? t('loading') : undefined} />
        ) : (
          <div className={classes.prose} dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </Stack>
    </Container>
  );
}

export const contentPage = (page: ContentPageName) => {
  const Page = () => <ContentPage page={page} />;
  Page.displayName = `Content(${page})`;
  return Page;
};
