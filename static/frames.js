// Gives the tutorial's framed widgets (the counting filter, the count-min sketch) the height each
// reports, as the embed snippet does on an author's page: only from that frame, only that message.
addEventListener('message', function (event) {
  var data = event.data;
  if (!data || data.type !== 'bloom-tutorial:height' || !(data.height > 0 && data.height < 20000)) return;
  var frames = document.querySelectorAll('iframe[data-widget-frame]');
  for (var i = 0; i < frames.length; i++) {
    if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(data.height) + 'px';
  }
});
