// The site footer's own texts (the page names it links to are the pages' titles, `page.*`).

export const footerAr = {
  'footer.nav': 'روابط الموقع',
  'footer.contact': 'تواصل معنا',
  'footer.rights': 'جميع الحقوق محفوظة',
} as const;

export const footerEn: Record<keyof typeof footerAr, string> = {
  'footer.nav': 'Site links',
  'footer.contact': 'Contact us',
  'footer.rights': 'All rights reserved',
};
